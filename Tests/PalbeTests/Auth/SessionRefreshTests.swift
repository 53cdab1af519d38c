import EmulatorPalbase
import EmulatorTestSupport
import ErrorCore
import Foundation
import Palbe
import SDKTransport
import Testing

/// When the session refreshes, which failures end it, and which answers sign out.
@Suite struct SessionRefreshTests {
    /// Signs `email` up on a client whose access token the server minted already expired (its clock
    /// moved back), then puts the clock right.
    private func signUpExpired(
        _ bed: AuthTestBed, _ email: String, client: PalbeClient? = nil, expiringIn seconds: Int = -100
    ) async throws -> (PalbeClient, AuthUser, SignedInSession) {
        try await bed.setClockOffset(seconds - 3600)
        let client = client ?? bed.client()
        let user = try await client.auth.signUp(email: email, password: "correct-horse").user
        try await bed.setClockOffset(0)
        return (client, user, try #require(try bed.persisted(client)?.session))
    }

    @Test(arguments: [-100, 20])
    func aTokenExpiredOrAboutToExpireIsRefreshedBeforeTheRequest(expiringIn seconds: Int) async throws {
        try await withAuthBackend { bed in
            let (client, user, minted) = try await signUpExpired(bed, "pre@example.com", expiringIn: seconds)
            #expect(try await client.auth.getUser() == user)
            let me = try bed.requests(to: "/auth/me")
            #expect(try bed.requests(to: "/auth/token/refresh").count == 1)
            #expect(me.count == 1, "no failed attempt first")
            #expect(me.first?.bearer != bearerPrint(minted.accessToken.value))
            #expect(me.first?.bearer == bearerPrint(try bed.persisted(client)?.session?.accessToken.value))
        }
    }

    @Test func aTokenWithMoreThanThirtySecondsLeftIsSentAsIs() async throws {
        try await withAuthBackend { bed in
            let (client, _, minted) = try await signUpExpired(bed, "fine@example.com", expiringIn: 600)
            _ = try await client.auth.getUser()
            #expect(try bed.requests(to: "/auth/token/refresh").isEmpty)
            #expect(try bed.requests(to: "/auth/me").map(\.bearer) == [bearerPrint(minted.accessToken.value)])
        }
    }

    @Test func a401TriggersOneRefreshAndOneReplay() async throws {
        try await withAuthBackend { bed in
            let client = bed.client()
            let user = try await client.auth.signUp(email: "replay@example.com", password: "correct-horse").user
            let minted = try #require(try bed.persisted(client)?.session)
            try await bed.setClockOffset(7200)  // the server's token expired; the client cannot know

            let me: AnyCodableValue = try await client.call("auth/me", method: .get)
            #expect(me["user"]?["id"]?.stringValue == user.id)
            let sent = try bed.requests(to: "/auth/me")
            #expect(sent.map(\.status) == [401, 200])
            #expect(sent.first?.bearer == bearerPrint(minted.accessToken.value))
            #expect(sent.last?.bearer == bearerPrint(try bed.persisted(client)?.session?.accessToken.value))
            #expect(try bed.requests(to: "/auth/token/refresh").count == 1)
        }
    }

    // MARK: - Fatal and transient refresh failures

    static let fatal: [FaultAction] = [
        .status(400, error: "bad_request"), .status(401, error: "refresh_token_invalid"),
        .status(403, error: "subject_fenced"), .status(404, error: "not_found"), .status(409, error: "conflict"),
        .status(422, error: "unprocessable"),
    ]

    @Test(arguments: fatal)
    func aRefreshRefusedWithA4xxEndsTheSession(_ fault: FaultAction) async throws {
        try await withAuthBackend { bed in
            let (client, user, _) = try await signUpExpired(bed, "fatal@example.com")
            let events = Heard<AuthEvent>()
            let states = Heard<AuthState>()
            _ = await client.auth.onAuthEvent(events.listener)
            _ = await client.auth.onAuthStateChange(states.listener)
            try bed.emulator.addFault(fault, method: "POST", pathPrefix: "/auth/token/refresh")

            // The refresh ends the session before the request goes out, which then carries no bearer.
            let error = await authError { () async throws(AuthError) in _ = try await client.auth.getUser() }
            #expect(error?.code == "invalid_token")
            #expect(try bed.requests(to: "/auth/token/refresh").count == 1)
            #expect(try bed.requests(to: "/auth/me").map(\.bearer) == [nil])
            #expect(events.values == [.signedOut(reason: .sessionExpired)])
            #expect(await states.wait(for: 2) == [.signedIn(user), .signedOut])
            #expect(try bed.persisted(client) == nil, "the store is cleared")
        }
    }

    static let transient: [FaultAction] = [
        .status(500, error: "internal"), .status(502, error: "bad_gateway"), .status(503, error: "unavailable"),
        .status(408, error: "request_timeout"), .retryAfter(seconds: 5), .dropBeforeExecuting,
        .malformedJSON(status: 200),
    ]

    @Test(arguments: transient)
    func aRefreshThatFailsTransientlyKeepsTheSession(_ fault: FaultAction) async throws {
        try await withAuthBackend { bed in
            let (client, user, minted) = try await signUpExpired(bed, "transient@example.com")
            let events = Heard<AuthEvent>()
            _ = await client.auth.onAuthEvent(events.listener)
            try bed.emulator.addFault(fault, method: "POST", pathPrefix: "/auth/token/refresh")

            // Before the request and again after its 401: both refreshes fail, the 401 is thrown.
            let error = await authError { () async throws(AuthError) in _ = try await client.auth.getUser() }
            #expect(error?.code == "token_expired", "\(String(describing: error))")
            #expect(try bed.requests(to: "/auth/token/refresh").count == 2)
            #expect(events.values.isEmpty)
            #expect(await client.auth.currentUser == user)
            #expect(try bed.persisted(client)?.session == minted, "the stored session is untouched")

            try bed.emulator.clearFaults()
            #expect(try await client.auth.getUser() == user, "the next attempt refreshes")
            #expect(events.values == [.tokenRefreshed])
        }
    }

    @Test func anUnavailableSealingKeyIsTransient() async throws {
        try await withAuthBackend { bed in
            let (_, user, minted) = try await signUpExpired(bed, "unsealed@example.com")
            // A relaunch without a pinned key, whose key fetch fails: the refresh cannot be sealed.
            try bed.emulator.addFault(
                .status(503, error: "unavailable"), method: "GET", pathPrefix: "/.well-known/palbase-sealing-key")
            let client = bed.client(bed.configuration(pinSealingKey: false))
            let error = await authError { () async throws(AuthError) in _ = try await client.auth.getUser() }
            #expect(error?.code == "token_expired")
            #expect(try bed.requests(to: "/auth/token/refresh").isEmpty, "nothing unsealed was sent")
            #expect(await client.auth.currentUser == user)
            #expect(try bed.persisted(client)?.session == minted)
        }
    }

    @Test func aReusedRefreshTokenEndsTheSessionEverywhere() async throws {
        try await withAuthBackend { bed in
            let (first, _, _) = try await signUpExpired(bed, "reuse@example.com")
            let stale = try #require(try bed.persisted(first))
            _ = try await first.auth.getUser()  // rotates: the stored refresh token is now used
            // Past the 10 s in which a retired token may fetch its successor pair once (a lost answer).
            try await bed.setClockOffset(11)

            // Another install holding the old pair (a copy of the store) presents the used token.
            let copy = ScriptedSecureStore()
            try SessionPersistence(store: copy, key: SessionStorage.itemKey(for: bed.configuration())).saveNow(stale)
            let second = bed.client(store: copy)
            let events = Heard<AuthEvent>()
            _ = await second.auth.onAuthEvent(events.listener)
            _ = await authError { () async throws(AuthError) in _ = try await second.auth.getUser() }
            let refusal = try #require(try bed.requests(to: "/auth/token/refresh").last)
            #expect(refusal.status == 401)
            #expect(events.values == [.signedOut(reason: .sessionExpired)])
            #expect(await second.auth.isSignedIn == false)
            #expect(try copy.read(SessionStorage.itemKey(for: bed.configuration())) == nil)

            // The reuse revoked the whole family: the first install learns it on its next request.
            let revoked = await authError { () async throws(AuthError) in _ = try await first.auth.getUser() }
            #expect(revoked?.code == "session_revoked")
            #expect(await first.auth.isSignedIn == false)
        }
    }

    // MARK: - Answers that end the session

    @Test func sessionRevokedOnAnyAuthenticatedRequestSignsOut() async throws {
        try await withAuthBackend { bed in
            let client = bed.client()
            let user = try await client.auth.signUp(email: "revoked@example.com", password: "correct-horse").user
            let events = Heard<AuthEvent>()
            _ = await client.auth.onAuthEvent(events.listener)
            try await bed.admin("DELETE", "users/\(user.id)/sessions")

            do throws(BackendError) {
                let _: AnyCodableValue = try await client.call("auth/me", method: .get)
                Issue.record("the call succeeded")
            } catch {
                guard case .unauthorized(let failure) = error else {
                    Issue.record("expected .unauthorized, got \(error)")
                    return
                }
                #expect(failure.code == "session_revoked")
            }
            #expect(try bed.requests(to: "/auth/token/refresh").isEmpty, "a revoked session is never refreshed")
            #expect(events.values == [.signedOut(reason: .sessionExpired)])
            #expect(await client.auth.isSignedIn == false)
            #expect(try bed.persisted(client) == nil)
        }
    }

    @Test func subjectFencedSignsOutAndAPlain403DoesNot() async throws {
        try await withAuthBackend { bed in
            let client = bed.client()
            let user = try await client.auth.signUp(email: "fenced@example.com", password: "correct-horse").user
            let events = Heard<AuthEvent>()
            _ = await client.auth.onAuthEvent(events.listener)

            try bed.emulator.addFault(.status(403, error: "forbidden"), method: "GET", pathPrefix: "/auth/me", count: 1)
            let denied = await authError { () async throws(AuthError) in _ = try await client.auth.getUser() }
            #expect(denied?.code == "forbidden")
            #expect(await client.auth.currentUser == user, "a plain 403 never signs out")
            #expect(events.values.isEmpty)

            try await bed.admin("POST", "users/\(user.id)/fence")
            let fenced = await authError { () async throws(AuthError) in _ = try await client.auth.getUser() }
            #expect(fenced?.code == "subject_fenced")
            #expect(fenced?.statusCode == 403)
            #expect(events.values == [.signedOut(reason: .sessionExpired)])
            #expect(await client.auth.isSignedIn == false)
        }
    }
}
