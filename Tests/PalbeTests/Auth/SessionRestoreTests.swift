import EmulatorPalbase
import EmulatorTestSupport
import ErrorCore
import Foundation
import Palbe
import SDKCrypto
import SDKTransport
import Testing

/// The persisted unit and cold launch: restore with no network, boot-gated listeners, the first request
/// waiting, a sign-in beating the store, and the rotation's write order.
@Suite struct SessionRestoreTests {
    @Test func aNewClientRestoresTheSessionWithNoNetworkWhileTheServerIsDown() async throws {
        try await withAuthBackend { bed in
            let first = bed.client()
            let user = try await first.auth.signUp(email: "cold@example.com", password: "correct-horse").user
            let unit = try #require(try bed.persisted(first))
            #expect(unit.session?.user == user)
            #expect(unit.deviceKey.count == 32)

            await bed.emulator.shutdown()
            let transport = ScriptedTransport()
            let relaunched = bed.client(transport: transport)
            let states = Heard<AuthState>()
            _ = await relaunched.auth.onAuthStateChange(states.listener)
            #expect(await states.wait(for: 1) == [.signedIn(user)])
            #expect(await relaunched.auth.currentUser == user)
            #expect(await relaunched.auth.isSignedIn)
            #expect(transport.requests.isEmpty, "no network round trip")

            // The server is down: the call fails, the session stays.
            let error = await authError { () async throws(AuthError) in _ = try await relaunched.auth.getUser() }
            #expect(error?.caseName == "network", "\(String(describing: error))")
            #expect(await relaunched.auth.isSignedIn)
            #expect(try bed.persisted(relaunched) == unit)
        }
    }

    @Test func anEarlySubscriberGetsTheRealFirstValueNeverASpuriousSignedOut() async throws {
        try await withAuthBackend { bed in
            let user = try await bed.client().auth.signUp(email: "gate@example.com", password: "correct-horse").user
            let gated = ScriptedSecureStore(over: bed.store)
            let launchRead = gated.hold(.read)
            let relaunched = bed.client(store: gated)
            await launchRead.arrived.wait()
            let states = Heard<AuthState>()
            let users = Heard<AuthUser?>()
            _ = await relaunched.auth.onAuthStateChange(states.listener)
            _ = await relaunched.auth.onUserChange(users.listener)
            #expect(states.values.isEmpty, "no guess while the store is loading")
            #expect(users.values.isEmpty)
            launchRead.open()
            #expect(await states.wait(for: 1) == [.signedIn(user)])
            #expect(await users.wait(for: 1) == [user])
        }
    }

    @Test func theFirstRequestWaitsForTheStoredSession() async throws {
        try await withAuthBackend { bed in
            let first = bed.client()
            let user = try await first.auth.signUp(email: "wait@example.com", password: "correct-horse").user
            let token = try #require(try bed.persisted(first)?.session?.accessToken.value)
            let gated = ScriptedSecureStore(over: bed.store)
            let launchRead = gated.hold(.read)
            let relaunched = bed.client(store: gated)
            await launchRead.arrived.wait()
            let call = Task {
                let me: AnyCodableValue = try await relaunched.call("auth/me", method: .get)
                return me
            }
            launchRead.open()
            let me = try await call.value
            #expect(me["user"]?["id"]?.stringValue == user.id)
            // Sent without waiting, it would have carried no bearer and been refused.
            #expect(try bed.requests(to: "/auth/me").map(\.bearer) == [bearerPrint(token)])
        }
    }

    @Test func aSignInThatBeatsTheStoreWins() async throws {
        try await withAuthBackend { bed in
            let first = bed.client()
            let stored = try await first.auth.signUp(email: "old@example.com", password: "correct-horse").user
            let storedKey = try #require(try bed.persisted(first)?.deviceKey)
            let gated = ScriptedSecureStore(over: bed.store)
            let launchRead = gated.hold(.read)
            let relaunched = bed.client(store: gated)
            await launchRead.arrived.wait()
            let states = Heard<AuthState>()
            _ = await relaunched.auth.onAuthStateChange(states.listener)

            // An anonymous sign-in needs no device key, so it completes while the store is still loading.
            let fresh = try await relaunched.auth.signInAnonymously().user
            #expect(await states.wait(for: 1) == [.signedIn(fresh)])
            launchRead.open()
            // A round trip that persists after the load: by then the loaded session was seen and dropped.
            #expect(try await relaunched.auth.refreshUser() == fresh)
            #expect(await relaunched.auth.currentUser == fresh)
            #expect(states.values == [.signedIn(fresh)], "the stored user never showed up")
            let unit = try #require(try bed.persisted(relaunched))
            #expect(unit.session?.user == fresh)
            #expect(unit.deviceKey == storedKey, "the device keeps its key")
            #expect(stored != fresh)
        }
    }

    @Test func settledReturnsOnceTheWriteASignInDeferredIsDone() async throws {
        try await withAuthBackend { bed in
            let first = bed.client()
            let stored = try await first.auth.signUp(email: "kept@example.com", password: "correct-horse").user
            let gated = ScriptedSecureStore(over: bed.store)
            let launchRead = gated.hold(.read)
            let relaunched = bed.client(store: gated)
            await launchRead.arrived.wait()
            let fresh = try await relaunched.auth.signInAnonymously().user
            // The launch read is still held, so the sign-in's write is still queued behind it.
            #expect(try bed.persisted(relaunched)?.session?.user == stored)
            let settled = Task { await relaunched.session.settled() }
            launchRead.open()
            await settled.value
            #expect(try bed.persisted(relaunched)?.session?.user == fresh)
        }
    }

    @Test func theRotatedPairIsStoredBeforeTheNewAccessTokenIsUsed() async throws {
        try await withAuthBackend { bed in
            try await bed.setClockOffset(-3700)
            let sentTokens = Locked<[String: String?]>([:])
            let store = bed.store
            let key = SessionStorage.itemKey(for: bed.configuration())
            let transport = ScriptedTransport(
                .before { request in
                    guard request.url.path == "/auth/me",
                        let bearer = request.headers["Authorization"].map({ String($0.dropFirst(7)) })
                    else { return }
                    // What the store holds at the moment the request leaves.
                    let stored = try SessionPersistence(store: store, key: key).loadNow()?.session?.accessToken.value
                    sentTokens.withLock { $0[bearer] = stored }
                })
            let client = bed.client(transport: transport)
            try await client.auth.signUp(email: "rotate@example.com", password: "correct-horse")
            let minted = try #require(try bed.persisted(client)?.session)
            try await bed.setClockOffset(0)

            _ = try await client.auth.getUser()
            let rotated = try #require(try bed.persisted(client)?.session)
            #expect(rotated.accessToken != minted.accessToken)
            #expect(rotated.refreshToken != minted.refreshToken, "the refresh token rotates")
            #expect(sentTokens.withLock { $0 } == [rotated.accessToken.value: rotated.accessToken.value])
        }
    }

    @Test func whileTheRotatedPairIsBeingStoredTheOldTokenIsStillTheOneHandedOut() async throws {
        try await withAuthBackend { bed in
            try await bed.setClockOffset(-3700)
            let gated = ScriptedSecureStore(over: bed.store)
            let client = bed.client(store: gated)
            try await client.auth.signUp(email: "order@example.com", password: "correct-horse")
            let minted = try #require(try bed.persisted(client)?.session)
            try await bed.setClockOffset(0)

            let rotationWrite = gated.hold(.write)
            let call = Task { () async throws(AuthError) -> AuthUser in try await client.auth.getUser() }
            await rotationWrite.arrived.wait()
            // The server has rotated the pair and the write is under way: nothing may use the new token yet.
            #expect(try await client.session.accessToken() == minted.accessToken.value)
            #expect(try bed.persisted(client)?.session == minted)
            rotationWrite.open()
            _ = try await call.value
            let rotated = try #require(try bed.persisted(client)?.session)
            #expect(rotated != minted)
            #expect(try await client.session.accessToken() == rotated.accessToken.value)
        }
    }

    /// `kill -9` during writes never leaves a torn unit: a child process (`sdk`'s hidden writer mode)
    /// writes big units as fast as it can and is killed at different moments; each time, the unit the
    /// SDK reads back is whole and one the child wrote.
    @Test func aKilledWriterNeverLeavesATornSession() async throws {
        try await withTemporaryDirectory { directory in
            let persistence = SessionPersistence(
                store: FileSecureStore(directory: directory), key: "palbe-session-kill")
            var lastSeen = 0
            for round in 1...4 {
                let child = try SDKProcess([
                    "__palbe-session-writer", directory.path, "palbe-session-kill", String(lastSeen + 1),
                ])
                let target = lastSeen + 3 + round * 2
                let lines = try await child.readLines(
                    until: { $0.hasPrefix("wrote ") && Int($0.dropFirst(6)) ?? 0 >= target }, timeout: .seconds(60))
                child.send(SIGKILL)
                let exit = try await child.waitForExit()
                #expect(exit.signalled, "round \(round): killed, not finished")
                let acknowledged = lines.compactMap { $0.hasPrefix("wrote ") ? Int($0.dropFirst(6)) : nil }.max() ?? 0

                let unit = try #require(try persistence.loadNow(), "round \(round): a unit is there")
                let session = try #require(unit.session)
                let n = try #require(Int(session.user.id.dropFirst(2)), "round \(round): \(session.user.id)")
                #expect(n >= acknowledged, "round \(round): not older than the last write the child finished")
                #expect(session.accessToken.value == "pat_\(n)")
                #expect(session.refreshToken.value == "prt_\(n)")
                #expect(session.user.email == "\(n)@example.com")
                #expect(session.user.createdAt == SessionStoreWriterPayload.padding(for: n), "round \(round): whole")
                lastSeen = n
            }
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            #expect(leftovers.contains("palbe-session-kill"))
        }
    }
}

/// What the `sdk __palbe-session-writer` child writes for unit `n`, so the test can check a unit is
/// whole: 256 KiB of the digits of `n`, far more than one write syscall's worth of a torn page.
enum SessionStoreWriterPayload {
    static func padding(for n: Int) -> String {
        let digits = String(n)
        return String(repeating: digits, count: (256 << 10) / digits.count)
    }
}
