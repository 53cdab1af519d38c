import EmulatorPalbase
import EmulatorTestSupport
import ErrorCore
import Foundation
import Palbe
import SDKCrypto
import Testing

/// Every forged, replayed or refused completion is rejected with a typed error and leaves no session
/// and no stale transaction behind.
@Suite struct OAuthSecurityTests {
    /// Runs a sign-in whose presenter bends the callback, and checks the refusal and what it left.
    private func expectRefused(
        _ code: String, bend: @escaping @Sendable (URL) -> URL, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        try await withAuthBackend { bed in
            let client = bed.oauthClient(presenter: ProviderPagePresenter(bend: bend))
            await expectAuthFailure(code, sourceLocation: sourceLocation) {
                _ = try await client.auth.signIn(with: .google)
            }
            try await expectNothingLeft(bed, client, sourceLocation: sourceLocation)
        }
    }

    private func expectNothingLeft(
        _ bed: AuthTestBed, _ client: PalbeClient, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        #expect(await client.auth.isSignedIn == false, sourceLocation: sourceLocation)
        #expect(try bed.persisted(client)?.session == nil, sourceLocation: sourceLocation)
        #expect(try await bed.pendingOAuth(client).isEmpty, "a stale transaction", sourceLocation: sourceLocation)
    }

    @Test func aStateMismatchIsRefused() async throws {
        try await expectRefused("oauth_state_mismatch") { replacing("state", with: "forged", in: $0) }
    }

    @Test func aCallbackWithoutStateOrWithTwoIsRefused() async throws {
        try await expectRefused("oauth_state_mismatch") { url in
            var components = URLComponents(url: url, resolvingAgainstBaseURL: false)!
            components.queryItems = components.queryItems?.filter { $0.name != "state" }
            return components.url!
        }
        try await expectRefused("oauth_state_mismatch") { url in
            URL(string: url.absoluteString + "&state=second")!
        }
    }

    @Test(arguments: [
        "com.example.app:/other", "evil.example.app:/oauth", "com.example.app://oauth", "https://example.com/oauth",
    ])
    func aCallbackOnAnotherPathOrSchemeIsRefused(_ target: String) async throws {
        try await expectRefused("oauth_redirect_mismatch") { url in
            URL(string: target + "?" + (url.query ?? ""))!
        }
    }

    @Test func aRefusedCallbackLeavesACustomTransactionPendingForTheRealOne() async throws {
        try await withAuthBackend { bed in
            let client = bed.oauthClient()
            let transaction = try await client.auth.beginOAuth(.google)
            let callback = try await ProviderPagePresenter.answer(transaction.authorizeURL)
            for forged in [
                replacing("state", with: "forged", in: callback),
                URL(string: "com.example.app:/elsewhere?" + (callback.query ?? ""))!,
            ] {
                let error = await #expect(throws: AuthError.self) {
                    _ = try await client.auth.completeOAuth(transaction, callback: forged)
                }
                #expect(["oauth_state_mismatch", "oauth_redirect_mismatch"].contains(error?.code))
                await #expect(throws: AuthError.self) { _ = try await client.auth.resumeOAuth(callback: forged) }
                #expect(try await bed.pendingOAuth(client) == [transaction.id])
                #expect(await client.auth.isSignedIn == false)
            }
            let result = try await client.auth.completeOAuth(transaction, callback: callback)
            guard case .signedIn = result else {
                Issue.record("expected .signedIn, got \(result)")
                return
            }
        }
    }

    @Test func aReplayedAuthorizationCodeIsRefused() async throws {
        try await withAuthBackend { bed in
            let victim = bed.oauthClient()
            let transaction = try await victim.auth.beginOAuth(.google)
            let callback = try await ProviderPagePresenter.answer(transaction.authorizeURL)
            // A copy of the stored proof, taken before the code is spent.
            let stolen = try #require(try await victim.auth.oauthStore.pending(transaction.id))
            _ = try await victim.auth.completeOAuth(transaction, callback: callback)

            let attacker = bed.oauthClient(store: ScriptedSecureStore())
            try await attacker.auth.oauthStore.save(stolen)
            let error = await expectAuthFailure("oauth_code_invalid") {
                _ = try await attacker.auth.completeOAuth(transaction, callback: callback)
            }
            #expect(error?.statusCode == 401)
            #expect(error?.requestId?.hasPrefix("req_") == true)
            try await expectNothingLeft(bed, attacker)
        }
    }

    @Test func aVerifierThatDoesNotMatchIsRefusedAndBurnsTheCode() async throws {
        try await withAuthBackend { bed in
            let client = bed.oauthClient()
            let transaction = try await client.auth.beginOAuth(.microsoft)
            let callback = try await ProviderPagePresenter.answer(transaction.authorizeURL)
            let stored = try #require(try await client.auth.oauthStore.pending(transaction.id))
            try await client.auth.oauthStore.save(stored.replacingVerifier(Base64URL.encode(SecureRandom.bytes(32))))
            let error = await expectAuthFailure("pkce_mismatch") {
                _ = try await client.auth.completeOAuth(transaction, callback: callback)
            }
            #expect(error?.statusCode == 401)
            try await expectNothingLeft(bed, client)

            // The right verifier cannot use the burned code afterwards.
            try await client.auth.oauthStore.save(stored)
            await expectAuthFailure("oauth_code_invalid") {
                _ = try await client.auth.completeOAuth(transaction, callback: callback)
            }
            try await expectNothingLeft(bed, client)
        }
    }

    @Test(arguments: [(OAuthProvider.google, true), (.apple, true), (.microsoft, false), (.github, false)])
    func aDeniedProviderIsCancelled(_ provider: OAuthProvider, recognised: Bool) async throws {
        try await withAuthBackend { bed in
            let client = bed.oauthClient(presenter: ProviderPagePresenter(decision: "deny"))
            do {
                _ = try await client.auth.signIn(with: provider)
                Issue.record("a denied sign-in succeeded")
            } catch let error as AuthError {
                #expect(error.code == "oauth_cancelled")
                #expect(error.localizedDescription == "User canceled \(provider.displayName) sign-in")
                #expect(client.auth.wasCanceled(error) == recognised)
            }
            try await expectNothingLeft(bed, client)
        }
    }

    @Test func aDismissedOrCancelledPresentationIsCancelled() async throws {
        try await withAuthBackend { bed in
            for failure: any Error & Sendable in [OAuthPresenterError.cancelled, CancellationError()] {
                let client = bed.oauthClient(presenter: ProviderPagePresenter(failure: failure))
                let error = await expectAuthFailure("oauth_cancelled") {
                    try await client.auth.signInWithApple()
                }
                #expect(error.map(client.auth.wasCanceled) == true)
                try await expectNothingLeft(bed, client)
            }
        }
    }

    @Test func theServerSideCancellationIsTheSameError() async throws {
        try await withAuthBackend { bed in
            let client = bed.oauthClient()
            let transaction = try await client.auth.beginOAuth(.google)
            // The page is denied, but a forged callback claims a code: the server refuses it as cancelled.
            let denied = try await ProviderPagePresenter.answer(transaction.authorizeURL, decision: "deny")
            let forged = replacing("code", with: "oac_forged", in: denied)
            var components = URLComponents(url: forged, resolvingAgainstBaseURL: false)!
            components.queryItems = components.queryItems?.filter { $0.name != "error" }
            let error = await expectAuthFailure("oauth_cancelled") {
                _ = try await client.auth.completeOAuth(transaction, callback: components.url!)
            }
            #expect(error.map(client.auth.wasCanceled) == true)
            // The same error as a dismissal on the device: invalidCredentials, which carries no request id.
            #expect(error == .invalidCredentials(message: "User canceled Google sign-in"))
            try await expectNothingLeft(bed, client)
        }
    }

    @Test func theProofNeverReachesADescriptionOrTheTrace() async throws {
        try await withAuthBackend { bed in
            let recorder = RuntimeRecorder()
            let client = bed.oauthClient(recorder: recorder)
            let transaction = try await client.auth.beginOAuth(.google)
            let callback = try await ProviderPagePresenter.answer(transaction.authorizeURL)
            let stored = try #require(try await client.auth.oauthStore.pending(transaction.id))
            var dumped = ""
            dump(stored, to: &dumped)
            dump(transaction, to: &dumped)
            let code = try #require(
                URLComponents(url: callback, resolvingAgainstBaseURL: false)?.queryItems?.first {
                    $0.name == "code"
                }?.value)
            _ = try await client.auth.completeOAuth(transaction, callback: callback)
            let texts = [dumped, "\(stored)", "\(transaction)", recorder.traceText]
            for secret in [stored.verifier, stored.state, code] {
                #expect(!texts.contains { $0.contains(secret) }, "a secret leaked")
            }
        }
    }
}

extension PendingOAuth {
    /// This proof with another verifier: what an attacker who holds the code but not the verifier sends.
    func replacingVerifier(_ verifier: String) throws -> PendingOAuth {
        var object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(self)) as? [String: Any] ?? [:]
        object["verifier"] = verifier
        return try JSONDecoder().decode(PendingOAuth.self, from: JSONSerialization.data(withJSONObject: object))
    }
}
