import EmulatorPalbase
import EmulatorTestSupport
import ErrorCore
import Foundation
import Palbe
import SDKCrypto
import SDKTransport
import Testing

/// Locked is not missing (issue 29 §2): a session store that cannot be read now (a device not unlocked
/// since it started) never signs anyone out and never loses the stored session.
@Suite struct LockedStoreTests {
    /// A client on `store` whose waits for an unreadable store last `limit` of real time.
    static func client(_ bed: AuthTestBed, store: any SecureStore, limit: Duration = .milliseconds(200)) -> PalbeClient
    {
        var runtime = bed.recorder.runtime()
        runtime.clock = SDKClock()
        runtime.sessionStore = store
        runtime.sessionStoreWaitLimit = limit
        return PalbeClient(configuration: bed.configuration(), transport: DefaultTransport.make(), runtime: runtime)
    }

    @Test func aStoreLockedAtLaunchThatUnlocksLaterRestoresTheSessionAndNeverSaysSignedOut() async throws {
        try await withAuthBackend { bed in
            let user = try await bed.client().auth.signUp(email: "locked@example.com", password: "correct-horse").user
            let before = try #require(try bed.store.read(bed.client().session.persistence.key))
            let locked = ScriptedSecureStore(over: bed.store, lockedReads: 3)
            let relaunched = bed.client(store: locked)
            let states = Heard<AuthState>()
            _ = await relaunched.auth.onAuthStateChange(states.listener)
            #expect(await states.wait(for: 1) == [.signedIn(user)])
            #expect(locked.failedReads == 3)
            #expect(locked.writes == 0 && locked.deletes == 0, "nothing written or removed while locked")
            #expect(try bed.store.read(relaunched.session.persistence.key) == before)
            let me: AnyCodableValue = try await relaunched.call("auth/me", method: .get)
            #expect(me["user"]?["id"]?.stringValue == user.id)
        }
    }

    @Test func aStoreLockedForeverSignsNobodyOutAndDeletesNothing() async throws {
        try await withAuthBackend { bed in
            _ = try await bed.client().auth.signUp(email: "forever@example.com", password: "correct-horse")
            let key = bed.client().session.persistence.key
            let before = try #require(try bed.store.read(key))
            let locked = ScriptedSecureStore(over: bed.store, lockedReads: .max)
            let relaunched = Self.client(bed, store: locked)
            let states = Heard<AuthState>()
            _ = await relaunched.auth.onAuthStateChange(states.listener)

            // The request waits out the limit, then fails as a network failure with nothing sent.
            do {
                let _: AnyCodableValue = try await relaunched.call("auth/me", method: .get)
                Issue.record("a request went out with no known session")
            } catch let error as BackendError {
                guard case .network(let failure) = error else {
                    Issue.record("expected .network, got \(error)")
                    return
                }
                #expect(!failure.requestSent)
                #expect(failure.message.contains("cannot be read yet"))
            }
            #expect(try bed.requests(to: "/auth/me").isEmpty)
            // Read again, not given up (awaited: how many reads fit in the limit depends on the machine).
            try await waitUntil { locked.failedReads >= 3 }
            #expect(states.values.isEmpty, "the state stays unknown: never .signedOut")
            #expect(locked.writes == 0 && locked.deletes == 0)
            #expect(try bed.store.read(key) == before)
        }
    }

    @Test func aSignOutWhileLockedSignsOutNowAndRemovesTheUnitOnceTheStoreOpens() async throws {
        try await withAuthBackend { bed in
            _ = try await bed.client().auth.signUp(email: "leaving@example.com", password: "correct-horse")
            let key = bed.client().session.persistence.key
            let locked = ScriptedSecureStore(over: bed.store, lockedReads: .max)
            let relaunched = Self.client(bed, store: locked)
            let states = Heard<AuthState>()
            _ = await relaunched.auth.onAuthStateChange(states.listener)

            try await relaunched.auth.signOut()
            #expect(await states.wait(for: 1) == [.signedOut])
            #expect(locked.deletes == 0)
            #expect(try bed.store.read(key) != nil)

            locked.unlock()
            await locked.changed.wait()
            #expect(locked.deletes == 1)
            #expect(try bed.store.read(key) == nil)
            #expect(await relaunched.auth.isSignedIn == false, "the unit read after unlocking does not come back")
        }
    }
}
