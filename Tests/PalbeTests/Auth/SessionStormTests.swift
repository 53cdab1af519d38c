import EmulatorPalbase
import EmulatorTestSupport
import ErrorCore
import Foundation
import Palbe
import SDKTransport
import Testing

/// Many calls at once against one session, with the emulator's request log as the witness: one refresh
/// for all of them.
@Suite struct SessionStormTests {
    static let calls = 100

    /// `count` concurrent `pb.call("auth/me")`s; returns the user id each answered with.
    private func storm(_ client: PalbeClient, count: Int = calls) async throws -> [String] {
        try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<count {
                group.addTask {
                    let me: AnyCodableValue = try await client.call("auth/me", method: .get)
                    return me["user"]?["id"]?.stringValue ?? "?"
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
    }

    @Test func aStormWithAnExpiredTokenRefreshesOnce() async throws {
        try await withAuthBackend { bed in
            try await bed.setClockOffset(-3700)  // minted already expired
            let client = bed.client(traceHTTP: false)
            let user = try await client.auth.signUp(email: "storm@example.com", password: "correct-horse").user
            let minted = try #require(try bed.persisted(client)?.session)
            try await bed.setClockOffset(0)

            let answered = try await storm(client)
            #expect(answered == Array(repeating: user.id, count: Self.calls), "all succeed")
            #expect(try bed.requests(to: "/auth/token/refresh").count == 1)
            let sent = try bed.requests(to: "/auth/me")
            let renewed = try #require(try bed.persisted(client)?.session)
            #expect(sent.count == Self.calls, "none was sent with the expired token and replayed")
            #expect(sent.allSatisfy { $0.bearer == bearerPrint(renewed.accessToken.value) && $0.status == 200 })
            #expect(renewed.accessToken != minted.accessToken)
        }
    }

    @Test func a401StormRefreshesOnceAndReplaysEachCallOnce() async throws {
        try await withAuthBackend { bed in
            let setup = bed.client(traceHTTP: false)
            let user = try await setup.auth.signUp(email: "storm401@example.com", password: "correct-horse").user
            let minted = try #require(try bed.persisted(setup)?.session?.accessToken.value)

            // Every call leaves with the valid token; once all are in flight, the server expires it.
            let arrived = Locked(0)
            let release = TestSignal()
            let transport = ScriptedTransport(
                .before { request in
                    guard request.url.path == "/auth/me", request.headers["Authorization"] == "Bearer \(minted)"
                    else { return }
                    if arrived.withLock({
                        $0 += 1; return $0
                    }) == Self.calls {
                        try await bed.setClockOffset(7200)
                        release.fire()
                    } else {
                        _ = await release.wait(timeout: .seconds(120))
                    }
                })
            let client = bed.client(transport: transport, traceHTTP: false)

            let answered = try await storm(client)
            #expect(answered == Array(repeating: user.id, count: Self.calls), "all succeed")
            #expect(try bed.requests(to: "/auth/token/refresh").count == 1)
            let sent = try bed.requests(to: "/auth/me")
            let renewed = try #require(try bed.persisted(client)?.session?.accessToken.value)
            #expect(sent.count == 2 * Self.calls, "one replay per call")
            #expect(sent.filter { $0.bearer == bearerPrint(minted) }.allSatisfy { $0.status == 401 })
            #expect(sent.filter { $0.bearer == bearerPrint(minted) }.count == Self.calls)
            #expect(sent.filter { $0.bearer == bearerPrint(renewed) && $0.status == 200 }.count == Self.calls)
        }
    }
}
