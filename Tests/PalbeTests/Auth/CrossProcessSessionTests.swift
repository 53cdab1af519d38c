import EmulatorPalbase
import EmulatorTestSupport
import ErrorCore
import Foundation
import Palbe
import SDKCrypto
import SDKTransport
import Testing

/// One session across processes (issue 29 §1): processes sharing a session store (an app and its
/// extensions; here `sdk` children on one directory) refresh once between them, never present a retired
/// refresh token, and an answer lost to a killed process does not sign anyone out.
@Suite struct CrossProcessSessionTests {
    /// Signs up `email` with a client on `store` whose access token is already expired, and waits until
    /// the unit is written.
    static func signUpExpired(_ bed: AuthTestBed, _ email: String, store: any SecureStore) async throws -> AuthUser {
        try await bed.setClockOffset(-100 - 3600)
        let client = bed.client(store: store)
        let user = try await client.auth.signUp(email: email, password: "correct-horse").user
        await client.session.settled()
        try await bed.setClockOffset(0)
        return user
    }

    @Test func fourProcessesOfFiftyCallsWithAnExpiredTokenRefreshOnce() async throws {
        try await withAuthBackend { bed in
            try await withTemporaryDirectory { directory in
                _ = try await Self.signUpExpired(bed, "storm@example.com", store: FileSecureStore(directory: directory))
                let children = try (0..<4).map { _ in
                    try SDKProcess(
                        [
                            "__palbe-storm", directory.path, bed.baseURL.absoluteString, bed.emulator.apiKey,
                            bed.emulator.sealingPublicKeyBase64URL, "50",
                        ], keepStandardInputOpen: true)
                }
                // Every process has read the expired session before any starts: they race for real.
                for child in children { _ = try await child.readLines(until: { $0 == "ready" }, timeout: .seconds(60)) }
                for child in children { child.writeLine("go") }
                for (index, child) in children.enumerated() {
                    let lines = try await child.readLines(until: { $0.hasPrefix("done ") }, timeout: .seconds(60))
                    #expect(lines.last == "done 50 0", "process \(index): \(lines.suffix(5))")
                    let exit = try await child.waitForExit(timeout: .seconds(30))
                    #expect(exit.status == 0 && !exit.signalled, "process \(index)")
                }
                #expect(try bed.requests(to: "/auth/token/refresh").count == 1)
                #expect(try bed.requests(to: "/auth/me").count == 200)
                #expect(try bed.requests(to: "/auth/me").allSatisfy { $0.status == 200 })
            }
        }
    }

    /// A process signs out while another one's refresh is under way: the store ends signed out, and
    /// nothing writes the session back. The other "process" is a client on its own `FileSecureStore` of the
    /// same directory: its own descriptor, so `flock` keeps them apart as it keeps two processes apart.
    @Test func aSignOutElsewhereDuringARefreshLeavesTheStoreSignedOut() async throws {
        try await withAuthBackend { bed in
            try await withTemporaryDirectory { directory in
                _ = try await Self.signUpExpired(bed, "leave@example.com", store: FileSecureStore(directory: directory))
                let key = bed.client().session.persistence.key
                let app = bed.client(store: FileSecureStore(directory: directory))
                let widget = bed.client(store: FileSecureStore(directory: directory))
                #expect(await widget.auth.isSignedIn)
                // The app's refresh holds the store's lock while the server sits on it.
                try bed.emulator.addFault(
                    .delay(milliseconds: 1_000), method: "POST", pathPrefix: "/auth/token/refresh", count: 1)
                let refreshing = Task { try await app.auth.getUser() }
                try await waitUntil { Self.isLocked(directory, key) }
                try await widget.auth.signOut()
                _ = try? await refreshing.value
                #expect(try FileSecureStore(directory: directory).read(key) == nil, "signed out in the store")
                // The widget used the app's rotated pair to sign out: one refresh in all.
                #expect(try bed.requests(to: "/auth/token/refresh").count == 1)
                #expect(try bed.requests(to: "/auth/logout").map(\.status) == [204])
                // The app learns it from the server, and writes nothing back.
                _ = try? await app.auth.getUser()
                #expect(await app.auth.isSignedIn == false)
                #expect(try FileSecureStore(directory: directory).read(key) == nil)
            }
        }
    }

    /// The server rotated the pair but the answer never arrived (the process was killed, or the connection
    /// dropped): the retired refresh token, presented again within the grace window, brings the same pair,
    /// and nobody is signed out.
    @Test func aLostRefreshAnswerIsRecoveredWithoutASignOut() async throws {
        try await withAuthBackend { bed in
            try await withTemporaryDirectory { directory in
                let user = try await Self.signUpExpired(
                    bed, "lost@example.com", store: FileSecureStore(directory: directory))
                try bed.emulator.addFault(
                    .dropBeforeResponse, method: "POST", pathPrefix: "/auth/token/refresh", count: 1)
                let relaunched = bed.client(store: FileSecureStore(directory: directory))
                let events = Heard<AuthEvent>()
                _ = await relaunched.auth.onAuthEvent(events.listener)
                #expect(try await relaunched.auth.getUser() == user)
                let refreshes = try bed.requests(to: "/auth/token/refresh")
                #expect(refreshes.count == 2, "the lost one, and the one that fetched its answer again")
                #expect(refreshes.last?.status == 200)
                #expect(!events.values.contains { if case .signedOut = $0 { true } else { false } })
                #expect(try await bed.sessions(of: user.id).map { $0["revoked_reason"]?.stringValue } == [nil])
            }
        }
    }

    /// `kill -9` inside the refresh: the child holds the store's lock and its refresh is at the server (which
    /// sits on it for a moment, then rotates the pair for nobody). The relaunch presents the retired token
    /// within the grace window, gets the pair the child never stored, and nobody is signed out.
    @Test func aProcessKilledInsideItsRefreshLeavesTheSessionUsable() async throws {
        try await withAuthBackend { bed in
            try await withTemporaryDirectory { directory in
                let user = try await Self.signUpExpired(
                    bed, "killed@example.com", store: FileSecureStore(directory: directory))
                let key = bed.client().session.persistence.key
                try bed.emulator.addFault(
                    .delay(milliseconds: 1_000), method: "POST", pathPrefix: "/auth/token/refresh", count: 1)
                let child = try SDKProcess(
                    [
                        "__palbe-storm", directory.path, bed.baseURL.absoluteString, bed.emulator.apiKey,
                        bed.emulator.sealingPublicKeyBase64URL, "1",
                    ], keepStandardInputOpen: true)
                _ = try await child.readLines(until: { $0 == "ready" }, timeout: .seconds(60))
                child.writeLine("go")
                // The fault is taken as the request arrives, before its delay: the refresh is at the server,
                // and the child holds the lock around it.
                try await waitUntil { (try? bed.emulator.faults.all())?.isEmpty ?? false }
                #expect(Self.isLocked(directory, key))
                child.send(SIGKILL)
                #expect(try await child.waitForExit().signalled)
                // The server rotated the pair for a process that is gone.
                try await waitUntil { ((try? bed.requests(to: "/auth/token/refresh")) ?? []).count == 1 }
                #expect(!Self.isLocked(directory, key), "the kernel released the dead process's lock")

                let relaunched = bed.client(store: FileSecureStore(directory: directory))
                let events = Heard<AuthEvent>()
                _ = await relaunched.auth.onAuthEvent(events.listener)
                #expect(try await relaunched.auth.getUser() == user)
                // One more refresh at most (two unless the child, on a very slow machine, got its answer and
                // stored it before the kill), and none refused: the retired token fetched the lost pair.
                let refreshes = try bed.requests(to: "/auth/token/refresh")
                #expect((1...2).contains(refreshes.count), "\(refreshes.map(\.status))")
                #expect(refreshes.last?.status == 200, "no refresh_token_reused: \(refreshes.map(\.status))")
                #expect(!refreshes.contains { $0.status == 401 })
                #expect(!events.values.contains { if case .signedOut = $0 { true } else { false } })
                #expect(try await bed.sessions(of: user.id).map { $0["revoked_reason"]?.stringValue } == [nil])
            }
        }
    }

    /// Whether another descriptor holds the store's lock on `key` (a non-blocking `flock` of the lock file).
    static func isLocked(_ directory: URL, _ key: String) -> Bool {
        let descriptor = open(directory.appendingPathComponent(".\(key).lock").path, O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        if flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
            flock(descriptor, LOCK_UN)
            return false
        }
        return errno == EWOULDBLOCK
    }
}
