import EmulatorPalbase
import EmulatorTestSupport
import ErrorCore
import Foundation
import Palbe
import SDKTransport
import Testing

/// Passkeys end to end: the SDK, the software authenticator over the session's secure store, and the
/// emulator's verifier, over real HTTP.
@Suite struct AuthPasskeyTests {
    @Test func aPasskeySignUpHasNoPasswordAndSignsInAgainWithoutOne() async throws {
        try await withAuthBackend { bed in
            let client = bed.client()
            let signedUp = try await client.auth.signUpWithPasskey(email: "Dev@Example.com", displayName: "Dev")
            #expect(signedUp.user.email == "dev@example.com")
            #expect(await client.auth.currentUser == signedUp.user)
            #expect(try await client.auth.capability().hasPassword == false)
            #expect(try bed.inbox(to: "dev@example.com", kind: "email_verification")["token"] != nil)

            try await client.auth.signOut()
            let signedIn = try await client.auth.signInWithPasskey()
            #expect(signedIn.user.id == signedUp.user.id)
            #expect(await client.auth.isSignedIn)
            #expect(try bed.requests(to: "/auth/login").isEmpty, "no password rail was used")
            let verifies = try bed.requests(to: "/auth/passkey/verify")
            #expect(verifies.count == 2)
            #expect(verifies.allSatisfy { $0.header("DPoP") != nil }, "the session is bound to the device key")
        }
    }

    @Test func aPasswordAccountAddsAPasskeyOnARecentSessionAndSignsInWithIt() async throws {
        try await withAuthBackend { bed in
            let client = bed.client()
            let account = try await client.auth.signUp(email: "pw@example.com", password: "correct-horse")
            try await client.auth.registerPasskey(name: "Laptop")
            try await client.auth.signOut()

            let signedIn = try await client.auth.signInWithPasskey()
            #expect(signedIn.user.id == account.user.id)
            #expect(try await client.auth.capability().hasPassword)
        }
    }

    @Test func aStaleSessionCannotAddAPasskeyUntilItStepsUp() async throws {
        try await withAuthBackend { bed in
            let client = bed.client()
            let account = try await client.auth.signUpWithPasskey(email: "stale@example.com", displayName: "Stale")
            try await bed.setClockOffset(301)  // the sign-in is no longer recent

            let stale = await authError { () async throws(AuthError) in
                try await client.auth.registerPasskey(name: "iPad")
            }
            guard case .http(403, "reauthentication_required", _, _) = stale else {
                Issue.record("expected 403 reauthentication_required, got \(String(describing: stale))")
                return
            }
            #expect(try bed.requests(to: "/auth/passkey/verify").count == 1, "refused before any ceremony")

            let events = Heard<AuthEvent>()
            let unsubscribe = await client.auth.onAuthEvent(events.listener)
            let before = try #require(try bed.persisted(client)?.session)
            try await client.auth.stepUp()
            #expect(await events.wait(for: 1) == [.tokenRefreshed], "a step-up is not a new sign-in")
            unsubscribe()
            let after = try #require(try bed.persisted(client)?.session)
            #expect(after.accessToken != before.accessToken, "the stepped-up tokens are stored")
            #expect(after.user == before.user)
            #expect(try await bed.sessions(of: account.user.id).count == 1, "the same session, now recent")

            try await client.auth.registerPasskey(name: "iPad")
            try await client.auth.setPassword("a-strong-new-password")  // the same recent window
            #expect(try await client.auth.capability().hasPassword)
        }
    }

    /// A step-up rotates the refresh token. A refresh sent alongside it carries the retired token, which
    /// the server reads as theft and answers by revoking the session: a refresh asked for while the
    /// step-up's verify is on its way must wait for it and use its tokens.
    @Test func aRefreshAskedForDuringAStepUpWaitsForItAndTheSessionSurvives() async throws {
        try await withAuthBackend { bed in
            let armed = Locked(false)
            let refreshAsked = TestSignal()
            let verifyAnswered = TestSignal()
            let refreshSentEarly = Locked(false)
            let clientBox = Locked<PalbeClient?>(nil)
            let refreshOutcome = Locked<SessionManager.RefreshOutcome?>(nil)
            let refreshDone = TestSignal()
            // The transport tells the test about the passkey verify (before it is sent, and once it is
            // answered) and holds each token refresh.
            let isVerify: ScriptedTransport.Rule.Match = { $0.url.path.hasSuffix("/auth/passkey/verify") }
            let transport = ScriptedTransport(
                .before(when: isVerify) { _ in
                    guard armed.withLock({ $0 }), let client = clientBox.withLock({ $0 }) else { return }
                    // Detached: a refresh the app asks for elsewhere, not part of the step-up's own work.
                    Task.detached {
                        refreshAsked.fire()
                        let outcome = await client.session.refreshSession()
                        refreshOutcome.withLock { $0 = outcome }
                        refreshDone.fire()
                    }
                    #expect(await refreshAsked.wait(timeout: .seconds(10)))
                },
                .after(when: isVerify) { request in
                    if request.headers.contains("Authorization") { verifyAnswered.fire() }
                },
                .before(when: { $0.url.path.hasSuffix("/auth/token/refresh") }) { _ in
                    if armed.withLock({ $0 }) && !verifyAnswered.isFired { refreshSentEarly.withLock { $0 = true } }
                    // Held until the verify is answered: the order in which a racing refresh does harm.
                    _ = await verifyAnswered.wait(timeout: .seconds(10))
                })
            let client = bed.client(transport: transport)
            clientBox.withLock { $0 = client }
            _ = try await client.auth.signUpWithPasskey(email: "racing@example.com", displayName: "Racing")
            let events = Heard<AuthEvent>()
            let unsubscribe = await client.auth.onAuthEvent(events.listener)
            defer { unsubscribe() }

            armed.withLock { $0 = true }
            try await client.auth.stepUp()
            #expect(await verifyAnswered.wait(timeout: .seconds(10)))
            #expect(await refreshDone.wait(timeout: .seconds(30)))
            #expect(refreshOutcome.withLock { $0 } == .refreshed, "the waiting refresh gets the step-up's tokens")
            #expect(refreshSentEarly.withLock { $0 } == false, "no refresh went out during the verify")
            #expect(await client.auth.isSignedIn)
            #expect(try await client.auth.capability().hasPassword == false, "the session still works")
            #expect(!events.values.contains { if case .signedOut = $0 { true } else { false } })
        }
    }

    /// The step-up's verify goes out through the session's own plan: a 401 is its answer, and it never
    /// asks for a refresh (which would wait on the step-up itself).
    @Test func aStepUpRefusedWith401IsItsAnswerAndRefreshesNothing() async throws {
        try await withAuthBackend { bed in
            let client = bed.client()
            let account = try await client.auth.signUpWithPasskey(email: "refused@example.com", displayName: "R")
            let before = try #require(try bed.persisted(client)?.session)
            try bed.emulator.addFault(
                .status(401, error: "token_expired"), method: "POST", pathPrefix: "/auth/passkey/verify")

            let error = await authError { () async throws(AuthError) in try await client.auth.stepUp() }
            #expect(error?.statusCode == 401 && error?.code == "token_expired", "\(String(describing: error))")
            #expect(try bed.requests(to: "/auth/token/refresh").isEmpty, "the verify asked for no refresh")
            let verify = try #require(try bed.requests(to: "/auth/passkey/verify").last)
            #expect(verify.bearer == bearerPrint(before.accessToken.value), "it carried the session it steps up")
            #expect(await client.auth.currentUser?.id == account.user.id, "the session stays")
            #expect(try bed.persisted(client)?.session == before)
        }
    }

    /// What the call rule did for a step-up (`session_revoked` signs out), the session manager now does itself.
    @Test func aStepUpAnsweredSessionRevokedSignsOut() async throws {
        try await withAuthBackend { bed in
            let client = bed.client()
            _ = try await client.auth.signUpWithPasskey(email: "revoked-step@example.com", displayName: "R")
            let events = Heard<AuthEvent>()
            _ = await client.auth.onAuthEvent(events.listener)
            try bed.emulator.addFault(
                .status(401, error: "session_revoked"), method: "POST", pathPrefix: "/auth/passkey/verify")

            let error = await authError { () async throws(AuthError) in try await client.auth.stepUp() }
            #expect(error?.statusCode == 401 && error?.code == "session_revoked", "\(String(describing: error))")
            #expect(try bed.requests(to: "/auth/token/refresh").isEmpty, "a revoked session is never refreshed")
            #expect(await events.wait(for: 1) == [.signedOut(reason: .sessionExpired)])
            #expect(await client.auth.isSignedIn == false)
            #expect(try bed.persisted(client)?.session == nil)
        }
    }

    @Test func passkeysSurviveARelaunchAndASignOut() async throws {
        try await withAuthBackend { bed in
            let first = bed.client()
            let account = try await first.auth.signUpWithPasskey(email: "relaunch@example.com", displayName: "R")
            try await first.auth.signOut()

            let relaunched = bed.client()
            #expect(await relaunched.auth.isSignedIn == false)
            let again = try await relaunched.auth.signInWithPasskey()
            #expect(again.user.id == account.user.id)
            #expect(try bed.authenticator.credentialCount(rpID: bed.rpID) == 1)
        }
    }

    @Test func aDismissedSheetIsACancellationAndLeavesNothingBehind() async throws {
        try await withAuthBackend { bed in
            let declining = bed.client(passkeys: SoftwareAuthenticator(store: bed.store) { _ in false })
            let signUp = await authError { () async throws(AuthError) in
                try await declining.auth.signUpWithPasskey(email: "cancel@example.com", displayName: "C")
            }
            let cancelled = try #require(signUp)
            #expect(declining.auth.wasCanceled(cancelled))
            #expect(cancelled == .invalidCredentials(message: "User canceled passkey sign-in"))
            #expect(try await bed.admin("GET", "users").body["users"]?.arrayValue?.isEmpty == true)

            try await bed.client().auth.signUpWithPasskey(email: "cancel@example.com", displayName: "C")
            try await bed.client().auth.signOut()
            let signIn = await authError { () async throws(AuthError) in
                try await declining.auth.signInWithPasskey()
            }
            #expect(signIn.map(declining.auth.wasCanceled) == true)
            #expect(await declining.auth.isSignedIn == false)
        }
    }

    @Test func aDeviceWithoutAPasskeySaysSoAndIsNotACancellation() async throws {
        try await withAuthBackend { bed in
            let client = bed.client()
            let error = try #require(
                await authError { () async throws(AuthError) in try await client.auth.signInWithPasskey() })
            #expect(error == .invalidCredentials(message: "There is no passkey for \(bed.rpID) on this device"))
            #expect(client.auth.wasCanceled(error) == false)
        }
    }

    @Test func registerAndStepUpNeedASignedInUser() async throws {
        try await withAuthBackend { bed in
            let client = bed.client()
            let register = await authError { () async throws(AuthError) in
                try await client.auth.registerPasskey(name: "Laptop")
            }
            #expect(register?.statusCode == 401 && register?.code == "invalid_token")
            let stepUp = await authError { () async throws(AuthError) in try await client.auth.stepUp() }
            #expect(stepUp?.statusCode == 401 && stepUp?.code == "invalid_token")
            let verifies = try bed.requests(to: "/auth/passkey/verify")
            #expect(verifies.isEmpty, "refused before any ceremony")
        }
    }
}
