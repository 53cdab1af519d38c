import EmulatorPalbase
import EmulatorTestSupport
import ErrorCore
import Foundation
import Palbe
import SDKCrypto
import Testing

/// OAuth sign-in end to end: the SDK, a presenter that answers the emulator's provider page, the
/// emulator's `/auth/oauth/*`.
@Suite struct OAuthSignInTests {
    @Test(arguments: OAuthProvider.allCases)
    func eachProviderSignsInWithTheProofStoredBeforeThePageIsShown(_ provider: OAuthProvider) async throws {
        try await withAuthBackend { bed in
            let storedAtPresentation = Locked<[String]>([])
            let holder = Locked<PalbeClient?>(nil)
            let presenter = ProviderPagePresenter(
                email: "\(provider.rawValue)@example.com",
                onPresent: { page in
                    let client = holder.withLock { $0 }
                    let stored = (try? await client?.auth.oauthStore.all().map(\.transactionID)) ?? []
                    let id = URLComponents(url: page, resolvingAgainstBaseURL: false)?.queryItems?.first {
                        $0.name == "transaction_id"
                    }?.value
                    storedAtPresentation.withLock { $0 = stored + [id ?? "?"] }
                })
            let client = bed.oauthClient()
            holder.withLock { $0 = client }
            let result = try await client.auth.signIn(with: provider, presenter: presenter)
            guard case .signedIn(let success) = result else {
                Issue.record("expected .signedIn, got \(result)")
                return
            }
            #expect(success.user.email == "\(provider.rawValue)@example.com")
            #expect(await client.auth.currentUser == success.user)
            let seen = storedAtPresentation.withLock { $0 }
            #expect(seen.count == 2 && seen[0] == seen[1], "the stored transaction is the one presented: \(seen)")
            #expect(try await bed.pendingOAuth(client).isEmpty)
            #expect(try bed.persisted(client)?.session?.user == success.user)
            #expect(try await client.auth.capability().providers?.contains(provider.rawValue) == true)
        }
    }

    @Test func theProviderMethodsReturnTheSessionTheyMinted() async throws {
        try await withAuthBackend { bed in
            let client = bed.oauthClient(presenter: ProviderPagePresenter(email: "one@example.com"))
            let google = try await client.auth.signInWithGoogle()
            #expect(google.user.email == "one@example.com")
            // The same email at another provider is another account's address: never linked by email.
            try await client.auth.signOut()
            await expectAuthFailure("email_taken") { try await client.auth.signInWithApple() }
            await expectAuthFailure("email_taken") { try await client.auth.signInWithMicrosoft() }
            await expectAuthFailure("email_taken") { try await client.auth.signInWithGitHub() }
            #expect(await client.auth.isSignedIn == false)
            try await client.auth.signOut()
            let other = try await client.auth.signInWithGoogle(
                presenter: ProviderPagePresenter(email: "two@example.com"))
            #expect(other.user.email == "two@example.com")
            #expect(other.user.id != google.user.id)
            #expect(await client.auth.currentUser?.id == other.user.id)
        }
    }

    @Test func eachProviderMethodSignsInItsOwnAccount() async throws {
        try await withAuthBackend { bed in
            let methods: [(String, @Sendable (AuthNamespace) async throws -> AuthSuccess)] = [
                ("apple", { try await $0.signInWithApple() }), ("microsoft", { try await $0.signInWithMicrosoft() }),
                ("github", { try await $0.signInWithGitHub() }),
            ]
            for (name, method) in methods {
                let client = bed.oauthClient(
                    presenter: ProviderPagePresenter(email: "\(name)-only@example.com"),
                    store: ScriptedSecureStore())
                let success = try await method(client.auth)
                #expect(success.user.email == "\(name)-only@example.com")
                #expect(try await client.auth.capability().providers == ["email", name])
            }
        }
    }

    @Test func anAccountWithASecondFactorGetsItsChallengeAndNoSession() async throws {
        try await withAuthBackend { bed in
            let client = bed.oauthClient(presenter: ProviderPagePresenter(email: "mfa@example.com"))
            let first = try await client.auth.signInWithGoogle()
            #expect(try await bed.admin("PUT", "users/\(first.user.id)/mfa", ["factors": ["totp"]]).status == 200)
            try await client.auth.signOut()
            let events = Locked<[AuthEvent]>([])
            let unsubscribe = await client.auth.onAuthEvent { event in events.withLock { $0.append(event) } }
            defer { unsubscribe() }

            let result = try await client.auth.signIn(with: .google)
            guard case .mfaRequired(let token, let factors) = result else {
                Issue.record("expected .mfaRequired, got \(result)")
                return
            }
            #expect(token.hasPrefix("mfa_"))
            #expect(factors == ["totp"])
            #expect(await client.auth.isSignedIn == false)
            await expectAuthFailure("mfa_required") {
                try await client.auth.signInWithGoogle()
            }
            #expect(await client.auth.isSignedIn == false)
            #expect(events.withLock { $0 }.isEmpty)
            #expect(try await bed.pendingOAuth(client).isEmpty)
        }
    }

    @Test func linkingNeedsARecentSessionAndChangesNoSession() async throws {
        try await withAuthBackend { bed in
            let client = bed.oauthClient(presenter: ProviderPagePresenter(email: "linked@example.com", subject: "g-1"))
            let owner = try await client.auth.signUp(email: "owner@example.com", password: "correct-horse-9")
            let events = Locked<[AuthEvent]>([])
            let unsubscribe = await client.auth.onAuthEvent { event in events.withLock { $0.append(event) } }
            defer { unsubscribe() }

            let result = try await client.auth.linkIdentity(.google)
            guard case .linked(let identity, let userID) = result else {
                Issue.record("expected .linked, got \(result)")
                return
            }
            #expect(identity == "google")
            #expect(userID == owner.user.id)
            #expect(await client.auth.currentUser?.id == owner.user.id)
            #expect(events.withLock { $0 }.isEmpty)
            #expect(try await client.auth.capability().providers == ["email", "google"])

            // The linked Google account now signs in as the owner, on another device.
            let other = bed.oauthClient(
                presenter: ProviderPagePresenter(email: "linked@example.com", subject: "g-1"),
                store: ScriptedSecureStore())
            #expect(try await other.auth.signInWithGoogle().user.id == owner.user.id)

            try await bed.setClockOffset(301)
            await expectAuthFailure("reauthentication_required") {
                try await client.auth.linkIdentity(.github)
            }
            #expect(try await bed.pendingOAuth(client).isEmpty)
            #expect(try await client.auth.capability().providers == ["email", "google"])
        }
    }

    @Test func aTransactionBegunBeforeARelaunchCompletesInTheNewProcess() async throws {
        try await withAuthBackend { bed in
            let before = bed.oauthClient()
            let transaction = try await before.auth.beginOAuth(.apple)
            #expect(transaction.redirectURI.absoluteString == AuthTestBed.redirectURI)
            #expect(try await bed.pendingOAuth(before) == [transaction.id])
            let callback = try await ProviderPagePresenter.answer(transaction.authorizeURL, email: "late@example.com")

            let relaunched = bed.oauthClient()
            let result = try await relaunched.auth.resumeOAuth(callback: callback)
            guard case .signedIn(let success) = result else {
                Issue.record("expected .signedIn, got \(result)")
                return
            }
            #expect(success.user.email == "late@example.com")
            #expect(try await bed.pendingOAuth(relaunched).isEmpty)
            #expect(await bed.oauthClient().auth.currentUser == success.user)
        }
    }

    @Test func aTransientCompletionFailureIsRetriedWithTheStoredCode() async throws {
        try await withAuthBackend { bed in
            let client = bed.oauthClient()
            let transaction = try await client.auth.beginOAuth(.github)
            let callback = try await ProviderPagePresenter.answer(transaction.authorizeURL, email: "retry@example.com")
            try bed.emulator.addFault(
                .status(503, error: "unavailable"), method: "POST", pathPrefix: "/auth/oauth/credential", count: 1)
            let error = await #expect(throws: AuthError.self) {
                _ = try await client.auth.completeOAuth(transaction, callback: callback)
            }
            #expect(error?.statusCode == 503)
            #expect(try await bed.pendingOAuth(client) == [transaction.id])
            #expect(await client.auth.isSignedIn == false)

            let result = try await client.auth.completeOAuth(transaction)
            guard case .signedIn(let success) = result else {
                Issue.record("expected .signedIn, got \(result)")
                return
            }
            #expect(success.user.email == "retry@example.com")
            #expect(try await bed.pendingOAuth(client).isEmpty)
            await expectAuthFailure("oauth_transaction_invalid") {
                _ = try await client.auth.completeOAuth(transaction)
            }
        }
    }

    @Test func cancelOAuthDeletesTheProof() async throws {
        try await withAuthBackend { bed in
            let client = bed.oauthClient()
            let transaction = try await client.auth.beginOAuth(.google)
            let callback = try await ProviderPagePresenter.answer(transaction.authorizeURL)
            await client.auth.cancelOAuth(transaction)
            #expect(try await bed.pendingOAuth(client).isEmpty)
            await expectAuthFailure("oauth_redirect_mismatch") {
                _ = try await client.auth.resumeOAuth(callback: callback)
            }
            #expect(await client.auth.isSignedIn == false)
        }
    }
}
