import EmulatorPalbase
import EmulatorTestSupport
import ErrorCore
import Foundation
import Palbe
import SDKCrypto
import SDKTransport
import Testing

/// Native sign-in (issue 28 §1) against the emulator's simulated OpenID providers, over HTTP: the plist's
/// snapshot decides, the transaction and nonce are stored before any sheet, and the backend accepts an ID token
/// only for the transaction that issued its nonce.
@Suite struct NativeSignInTests {
    /// A client configured from a plist whose `oauth` snapshot names the emulator's three simulated providers
    /// (as `sdk emulator plist` writes it), its session in the bed's store.
    static func client(
        _ bed: AuthTestBed, presenter: (any OAuthPresenter)? = nil, appleSheet: (any AppleIDAuthorizer)? = nil,
        store: (any SecureStore)? = nil
    ) throws -> PalbeClient {
        var oauth: [String: Any] = ["github": ["mode": "browser"]]
        for provider in NativeOAuthClients.providers {
            var entry: [String: Any] = [
                "mode": "native",
                "issuer": NativeOAuthClients.issuer(for: provider, baseURL: bed.baseURL.absoluteString)!,
                "client_id": NativeOAuthClients.clientID(for: provider)!,
            ]
            entry["redirect_uri"] = NativeOAuthClients.redirectURI(for: provider)
            oauth[provider] = entry
        }
        let plist = try PropertyListSerialization.data(
            fromPropertyList: [
                "base_url": bed.baseURL.absoluteString, "api_key": bed.emulator.apiKey,
                "sealing_key": bed.emulator.sealingPublicKeyBase64URL, "oauth": oauth,
            ] as [String: Any], format: .xml, options: 0)
        var configuration = try PalbeConfiguration(infoPlist: plist)
        configuration.requestTimeout = AuthTestBed.requestTimeout
        var runtime = bed.recorder.runtime()
        runtime.sessionStore = store ?? bed.store
        runtime.oauthPresenter = presenter
        runtime.appleIDAuthorizer = appleSheet
        return PalbeClient(configuration: configuration, transport: DefaultTransport.make(), runtime: runtime)
    }

    @Test(arguments: [OAuthProvider.google, .microsoft, .apple])
    func eachProviderSignsInNativelyOnItsOwnPage(_ provider: OAuthProvider) async throws {
        try await withAuthBackend { bed in
            let pages = Locked<[URL]>([])
            var presenter = ProviderPagePresenter(email: "\(provider.rawValue)-native@example.com")
            presenter.onPresent = { page in pages.withLock { $0.append(page) } }
            let client = try Self.client(bed, presenter: presenter)
            guard case .signedIn(let success) = try await client.auth.signIn(with: provider) else {
                Issue.record("expected a session")
                return
            }
            #expect(success.user.email == "\(provider.rawValue)-native@example.com")
            #expect(await client.auth.isSignedIn)
            // The provider's own page, never the backend's browser page, with the redirect the plist names.
            let page = try #require(pages.withLock { $0.first })
            #expect(page.path == "/__providers/\(provider.rawValue)/authorize")
            let query = URLComponents(url: page, resolvingAgainstBaseURL: false)?.queryItems ?? []
            let redirect = query.first { $0.name == "redirect_uri" }?.value
            if let expected = NativeOAuthClients.redirectURI(for: provider.rawValue) { #expect(redirect == expected) }
            #expect(query.first { $0.name == "code_challenge_method" }?.value == "S256")
            #expect(try bed.requests(to: "/auth/oauth/provider").isEmpty)
            #expect(try bed.requests(to: "/auth/oauth/credential").map(\.status) == [200])
            #expect(try await bed.pendingOAuth(client).isEmpty)
        }
    }

    /// Apple's own sheet gets the SHA-256 of the transaction's nonce (the backend checks it), and the name it
    /// gives on the first authorization becomes the new account's.
    @Test func appleSheetSignsInWithTheHashedNonceAndTheFirstAuthorizationsName() async throws {
        try await withAuthBackend { bed in
            let sheet = ScriptedAppleSheet(bed: bed, name: PersonName(givenName: "Ada", familyName: "Lovelace"))
            let client = try Self.client(bed, appleSheet: sheet)
            let user = try await client.auth.signInWithApple().user
            let nonce = try #require(sheet.nonces.withLock { $0.first })
            #expect(nonce.count == 64 && nonce.allSatisfy { "0123456789abcdef".contains($0) }, "lowercase hex SHA-256")
            let account = try await bed.admin("GET", "users/\(user.id)").body
            #expect(account["given_name"]?.stringValue == "Ada")
            #expect(account["family_name"]?.stringValue == "Lovelace")

            // A later authorization carries no name; the account keeps its own.
            try await client.auth.signOut()
            let again = try Self.client(bed, appleSheet: ScriptedAppleSheet(bed: bed, name: nil))
            #expect(try await again.auth.signInWithApple().user.id == user.id)
            #expect(try await bed.admin("GET", "users/\(user.id)").body["given_name"]?.stringValue == "Ada")
        }
    }

    /// The transaction of Apple's own sheet has no state, so no callback (forged onto its placeholder URL with an
    /// empty state) can complete or end it while the sheet is up.
    @Test func noCallbackReachesTheAppleSheetsTransaction() async throws {
        try await withAuthBackend { bed in
            let refusal = Locked<String?>(nil)
            let holder = Locked<PalbeClient?>(nil)
            var sheet = ScriptedAppleSheet(bed: bed, name: nil)
            sheet.whileShown = {
                guard let client = holder.withLock({ $0 }) else { return }
                let issuer = NativeOAuthClients.issuer(for: "apple", baseURL: bed.baseURL.absoluteString)!
                do {
                    _ = try await client.auth.resumeOAuth(callback: URL(string: issuer + "?state=&code=forged")!)
                } catch let error as AuthError {
                    refusal.withLock { $0 = error.code }
                } catch {
                    refusal.withLock { $0 = "\(error)" }
                }
            }
            let client = try Self.client(bed, appleSheet: sheet)
            holder.withLock { $0 = client }
            _ = try await client.auth.signInWithApple()
            #expect(refusal.withLock { $0 } == "oauth_state_mismatch")
            #expect(await client.auth.isSignedIn)
        }
    }

    /// Each ID token the backend must refuse gets its code, and no session.
    @Test(
        arguments: [
            ("nonce_mismatch", "another nonce"), ("id_token_invalid", "another audience"),
            ("id_token_invalid", "expired"), ("id_token_invalid", "another issuer"),
            ("id_token_invalid", "a signature by another key"),
        ])
    func aTokenTheBackendMustRefuseGetsItsCodeAndNoSession(code: String, defect: String) async throws {
        try await withAuthBackend { bed in
            var sheet = ScriptedAppleSheet(bed: bed, name: nil)
            sheet.bend = { claims in
                var claims = claims
                switch defect {
                case "another nonce": claims["nonce"] = .string(String(repeating: "0", count: 64))
                case "another audience": claims["aud"] = "com.another.app"
                case "expired": claims["exp"] = .int(Int(Date().timeIntervalSince1970) - 60)
                case "another issuer": claims["iss"] = "https://appleid.apple.com"
                default: break
                }
                return claims
            }
            sheet.forgeSignature = defect == "a signature by another key"
            let client = try Self.client(bed, appleSheet: sheet)
            let error = await expectAuthFailure(code) { _ = try await client.auth.signInWithApple() }
            #expect(error?.statusCode == 401, "\(defect)")
            #expect(await client.auth.isSignedIn == false)
            #expect(try bed.persisted(client)?.session == nil)
            #expect(try await bed.pendingOAuth(client).isEmpty)
        }
    }

    /// A dismissed sheet is the cancellation the pages name, and nothing reaches the backend or the provider
    /// after it.
    @Test(arguments: [OAuthProvider.google, .apple])
    func aDismissalSendsNothingMore(_ provider: OAuthProvider) async throws {
        try await withAuthBackend { bed in
            let client = try Self.client(
                bed, presenter: ProviderPagePresenter(failure: OAuthPresenterError.cancelled),
                appleSheet: provider == .apple ? ScriptedAppleSheet(bed: bed, name: nil, dismisses: true) : nil)
            let error = await expectAuthFailure("oauth_cancelled") { _ = try await client.auth.signIn(with: provider) }
            #expect(error == .invalidCredentials(message: "User canceled \(provider.displayName) sign-in"))
            #expect(error.map(client.auth.wasCanceled) == true)
            #expect(try bed.requests(to: "/auth/oauth/credential").isEmpty)
            #expect(try bed.requests(to: "/__providers/\(provider.rawValue)/token").isEmpty)
            #expect(try await bed.pendingOAuth(client).isEmpty)
            #expect(await client.auth.isSignedIn == false)
        }
    }

    @Test(arguments: [OAuthProvider.google, .microsoft, .apple])
    func linkingANativeProviderLeavesTheSession(_ provider: OAuthProvider) async throws {
        try await withAuthBackend { bed in
            let client = try Self.client(
                bed, presenter: ProviderPagePresenter(email: "linker-\(provider.rawValue)@example.com"))
            let user = try await client.auth.signUp(email: "linker@example.com", password: "correct-horse").user
            guard case .linked(let identity, let userID) = try await client.auth.linkIdentity(provider) else {
                Issue.record("expected a link")
                return
            }
            #expect(identity == provider.rawValue && userID == user.id)
            #expect(await client.auth.currentUser?.id == user.id)
        }
    }

    @Test(arguments: [OAuthProvider.google, .microsoft, .apple])
    func anAccountWithASecondFactorGetsTheChallengeAndNoSession(_ provider: OAuthProvider) async throws {
        try await withAuthBackend { bed in
            let client = try Self.client(
                bed, presenter: ProviderPagePresenter(email: "mfa-\(provider.rawValue)@example.com"))
            guard case .signedIn(let success) = try await client.auth.signIn(with: provider) else {
                Issue.record("expected a session")
                return
            }
            try await client.auth.signOut()
            #expect(try await bed.admin("PUT", "users/\(success.user.id)/mfa", ["factors": ["totp"]]).status == 200)
            // The same provider account again: the account now has a second factor.
            guard case .mfaRequired(_, let factors) = try await client.auth.signIn(with: provider) else {
                Issue.record("expected the MFA challenge")
                return
            }
            #expect(factors == ["totp"])
            #expect(await client.auth.isSignedIn == false)
        }
    }

    /// The transaction and its nonce are stored before the page is shown; a relaunch delivers the callback to
    /// the stored transaction, which completes natively.
    @Test func aRelaunchCompletesTheStoredNativeTransaction() async throws {
        try await withAuthBackend { bed in
            let first = try Self.client(bed)
            let transaction = try await first.auth.beginOAuth(.google)
            let stored = try #require(try await first.auth.oauthStore.pending(transaction.id))
            #expect(stored.nonce?.isEmpty == false)
            #expect(transaction.redirectURI.absoluteString == NativeOAuthClients.redirectURI(for: "google"))
            let callback = try await ProviderPagePresenter.answer(
                transaction.authorizeURL, email: "relaunch@example.com")

            let relaunched = try Self.client(bed)
            guard case .signedIn(let success) = try await relaunched.auth.resumeOAuth(callback: callback) else {
                Issue.record("expected a session")
                return
            }
            #expect(success.user.email == "relaunch@example.com")
        }
    }

    /// A transient failure presenting the ID token keeps it (the provider's code is spent), and
    /// `completeOAuth(_:)` presents it again.
    @Test func aTransientFailureIsRetriedWithTheStoredIDToken() async throws {
        try await withAuthBackend { bed in
            let client = try Self.client(bed)
            let transaction = try await client.auth.beginOAuth(.google)
            let callback = try await ProviderPagePresenter.answer(transaction.authorizeURL, email: "retry@example.com")
            try bed.emulator.addFault(
                .status(503, error: "unavailable"), method: "POST", pathPrefix: "/auth/oauth/credential", count: 1)
            _ = await #expect(throws: AuthError.self) {
                _ = try await client.auth.completeOAuth(transaction, callback: callback)
            }
            #expect(try await client.auth.oauthStore.pending(transaction.id)?.idToken != nil)
            guard case .signedIn = try await client.auth.completeOAuth(transaction) else {
                Issue.record("expected a session")
                return
            }
            #expect(try bed.requests(to: "/__providers/google/token").count == 1)
        }
    }
}

/// Sign in with Apple's sheet as a test scripts it: an ID token the emulator's Apple provider signs through the
/// admin API, with the claims Apple would put in it for the nonce the SDK asked for (`bend` changes them), or a
/// dismissal.
struct ScriptedAppleSheet: AppleIDAuthorizer {
    let bed: AuthTestBed
    var name: PersonName?
    var dismisses = false
    var bend: @Sendable ([String: AnyCodableValue]) -> [String: AnyCodableValue] = { $0 }
    /// Sign with a key of the test's own (the header still names the provider's key id).
    var forgeSignature = false
    /// Runs while the sheet is up, before it answers.
    var whileShown: @Sendable () async -> Void = {}
    let nonces = Locked<[String]>([])

    init(bed: AuthTestBed, name: PersonName?, dismisses: Bool = false) {
        self.bed = bed
        self.name = name
        self.dismisses = dismisses
    }

    func authorize(nonce: String) async throws -> AppleIDAuthorization {
        nonces.withLock { $0.append(nonce) }
        await whileShown()
        if dismisses { throw OAuthPresenterError.cancelled }
        let now = Int(Date().timeIntervalSince1970)
        let claims = bend([
            "iss": .string(NativeOAuthClients.issuer(for: "apple", baseURL: bed.baseURL.absoluteString)!),
            "aud": .string(NativeOAuthClients.clientID(for: "apple")!), "sub": "apple-scripted-subject",
            "email": "apple-scripted@example.com", "email_verified": true, "iat": .int(now), "exp": .int(now + 600),
            "nonce": .string(nonce),
        ])
        let signed = try await bed.admin("POST", "providers/apple/id-token", ["claims": .object(claims)])
        let token = try #require(signed.body["id_token"]?.stringValue)
        guard forgeSignature else { return AppleIDAuthorization(idToken: token, name: name) }
        let parts = token.split(separator: ".")
        let input = parts[0] + "." + parts[1]
        let signature = try P256PrivateKey().signature(for: Data(input.utf8))
        return AppleIDAuthorization(idToken: input + "." + Base64URL.encode(signature), name: name)
    }
}
