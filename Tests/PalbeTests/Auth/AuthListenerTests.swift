import EmulatorPalbase
import EmulatorTestSupport
import ErrorCore
import Foundation
import Palbe
import Testing

/// The three listeners: replay on subscribe for state and user, none for events, what each change fires.
@Suite struct AuthListenerTests {
    @Test func stateAndUserReplayOnSubscribeAndEventsDoNot() async throws {
        try await withAuthBackend { bed in
            let client = bed.client()
            let user = try await client.auth.signUp(email: "replay@example.com", password: "correct-horse").user
            let states = Heard<AuthState>()
            let events = Heard<AuthEvent>()
            let users = Heard<AuthUser?>()
            _ = await client.auth.onAuthStateChange(states.listener)
            _ = await client.auth.onAuthEvent(events.listener)
            _ = await client.auth.onUserChange(users.listener)
            // Replayed during the subscription itself, before it returned.
            #expect(states.values == [.signedIn(user)])
            #expect(users.values == [user])
            #expect(events.values.isEmpty, "the sign-in happened before: events are not replayed")
        }
    }

    @Test func aSignedOutClientReplaysSignedOutAndNil() async throws {
        try await withAuthBackend { bed in
            let client = bed.client()
            let states = Heard<AuthState>()
            let users = Heard<AuthUser?>()
            _ = await client.auth.onAuthStateChange(states.listener)
            _ = await client.auth.onUserChange(users.listener)
            #expect(await states.wait(for: 1) == [.signedOut])
            #expect(await users.wait(for: 1) == [nil])
        }
    }

    @Test func aRefreshFiresTokenRefreshedAndChangesNoState() async throws {
        try await withAuthBackend { bed in
            try await bed.setClockOffset(-3700)  // minted already expired
            let client = bed.client()
            let user = try await client.auth.signUp(email: "quiet@example.com", password: "correct-horse").user
            try await bed.setClockOffset(0)
            let states = Heard<AuthState>()
            let events = Heard<AuthEvent>()
            let users = Heard<AuthUser?>()
            _ = await client.auth.onAuthStateChange(states.listener)
            _ = await client.auth.onAuthEvent(events.listener)
            _ = await client.auth.onUserChange(users.listener)

            #expect(try await client.auth.getUser() == user)
            #expect(try bed.requests(to: "/auth/token/refresh").count == 1)
            #expect(events.values == [.tokenRefreshed])
            #expect(states.values == [.signedIn(user)], "only the replay")
            #expect(users.values == [user], "the refresh answer described the same user")
        }
    }

    @Test func sessionExpiredArrivesTogetherWithTheSignedOutState() async throws {
        try await withAuthBackend { bed in
            let client = bed.client()
            let user = try await client.auth.signUp(email: "expired@example.com", password: "correct-horse").user
            let log = Locked<[String]>([])
            _ = await client.auth.onAuthStateChange { state in log.withLock { $0.append("state \(state)") } }
            _ = await client.auth.onAuthEvent { event in log.withLock { $0.append("event \(event)") } }
            try await bed.admin("DELETE", "users/\(user.id)/sessions")

            let error = await authError { () async throws(AuthError) in _ = try await client.auth.getUser() }
            #expect(error?.code == "session_revoked")
            #expect(
                log.withLock { $0 } == [
                    "state \(AuthState.signedIn(user))", "state \(AuthState.signedOut)",
                    "event \(AuthEvent.signedOut(reason: .sessionExpired))",
                ])
        }
    }

    @Test func unsubscribeStopsTheListener() async throws {
        try await withAuthBackend { bed in
            let client = bed.client()
            let states = Heard<AuthState>()
            let events = Heard<AuthEvent>()
            let before = client.session.listeners.count
            let stopState = await client.auth.onAuthStateChange(states.listener)
            let stopEvents = await client.auth.onAuthEvent(events.listener)
            #expect(client.session.listeners.count == before + 2)
            let user = try await client.auth.signInAnonymously().user
            // The replayed `.signedOut` comes first only when the stored session's read beats the
            // sign-in; otherwise the first value is the real one, `.signedIn`, and there is no replay.
            let heard = await states.wait(until: { $0.contains(.signedIn(user)) })
            #expect(heard == [.signedIn(user)] || heard == [.signedOut, .signedIn(user)])
            stopState()
            stopEvents()
            stopEvents()  // twice is harmless
            #expect(client.session.listeners.count == before)
            try await client.auth.signOut()
            try await client.auth.signInAnonymously()
            #expect(states.values == heard)
            #expect(events.values.count == 1)
        }
    }
}
