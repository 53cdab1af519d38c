import Foundation
import HTTPServer
import TestSupport
import Testing

/// Read and idle timeouts: slow or silent clients cannot hold a connection thread.
@Suite(.hangGuard)
struct TimeoutTests {
    private static let short: Duration = .milliseconds(200)

    @Test func headerTrickledPastTheReadTimeoutIsCut() async throws {
        // One byte every 50 ms keeps each individual read well inside 200 ms, so only a deadline
        // on the whole header section can stop it.
        let configuration = ServerTestHarness.configuration(readTimeout: Self.short)
        try await ServerTestHarness.withServer(configuration, handler: EchoReport.handler) { server in
            let port = server.port
            let trickle = Array(("GET / HTTP/1.1\r\nX-Slow: " + String(repeating: "z", count: 200)).utf8)
            // Paced on a thread of its own (an await per byte would stretch the gaps on a busy machine).
            // All of it would take 11 s; the deadline cuts it after about 200 ms.
            let cut = try await onOwnThread { () -> (sent: Int, elapsed: Duration, response: String)? in
                let connection = try LoopbackClient(port: port)
                let start = ContinuousClock.now
                for (index, byte) in trickle.enumerated() {
                    try? connection.send([byte])
                    if connection.waitForClose(timeout: .milliseconds(50)) {
                        let elapsed = ContinuousClock.now - start
                        return (index + 1, elapsed, String(decoding: try connection.readUntilClose(), as: UTF8.self))
                    }
                }
                return nil
            }
            let closed = try #require(cut, "the whole header was taken")
            #expect(closed.sent < trickle.count)
            #expect(closed.elapsed >= Self.short)
            #expect(closed.elapsed < .seconds(3))
            #expect(closed.response.hasPrefix("HTTP/1.1 408 "))
            #expect(closed.response.hasSuffix(#"{"error":"request_timeout"}"#))
        }
    }

    @Test func stalledBodyIsCutAfterTheReadTimeout() async throws {
        let configuration = ServerTestHarness.configuration(readTimeout: Self.short)
        try await ServerTestHarness.withServer(configuration, handler: EchoReport.handler) { server in
            let client = try await ServerTestClient.connect(
                port: server.port, sending: "POST / HTTP/1.1\r\nContent-Length: 10\r\n\r\nhalf")
            let response = try await client.readResponse()
            #expect(response.status == 408)
            #expect(await client.waitForClose(timeout: .seconds(5)))
        }
    }

    @Test func silentNewConnectionIsClosedQuietlyAfterTheIdleTimeout() async throws {
        let configuration = ServerTestHarness.configuration(idleTimeout: Self.short)
        try await ServerTestHarness.withServer(configuration, handler: EchoReport.handler) { server in
            let start = ContinuousClock.now
            let client = try await ServerTestClient.connect(port: server.port)
            #expect(try await client.readUntilClose().isEmpty)
            #expect(ContinuousClock.now - start >= Self.short)
            #expect(await server.waitForOpenConnections(atMost: 0))
        }
    }

    @Test func idleKeepAliveConnectionIsClosedAfterTheIdleTimeout() async throws {
        // The idle clock also runs between accept and the first request, so a short timeout races the
        // test's own send on a loaded machine (one second did too, under parallel tests): three do not.
        let idle = Duration.seconds(3)
        let configuration = ServerTestHarness.configuration(readTimeout: .seconds(5), idleTimeout: idle)
        try await ServerTestHarness.withServer(configuration, handler: EchoReport.handler) { server in
            let port = server.port
            // On a thread of its own, so no wait on a busy cooperative pool stretches the exchange.
            let (status, after, elapsed) = try await onOwnThread {
                let connection = try LoopbackClient(port: port)
                // Measured from before the request, since the server's idle clock starts when its
                // response leaves, a moment before we finish reading it.
                let start = ContinuousClock.now
                try connection.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
                let status = try connection.readResponse().status
                // Without the idle timeout nothing would close it and this read would give up after 20 s.
                let after = try connection.readUntilClose(timeout: .seconds(20))
                return (status, after, ContinuousClock.now - start)
            }
            #expect(status == 200)
            // Idle is not an error: the close comes without a 408.
            #expect(after.isEmpty)
            #expect(elapsed >= idle)
            #expect(elapsed < idle + .seconds(7))
        }
    }

    @Test func activeKeepAliveConnectionOutlivesTheIdleTimeout() async throws {
        // Five requests 1.5 s apart span 1.5 idle timeouts of 4 s; each gap leaves 2.5 s of margin,
        // which parallel tests on a loaded 2-core machine need (1.4 s of 2 s was not enough).
        let configuration = ServerTestHarness.configuration(idleTimeout: .seconds(4))
        try await ServerTestHarness.withServer(configuration, handler: EchoReport.handler) { server in
            let port = server.port
            // On a thread of its own, so the gaps are 1.5 s however busy the machine.
            let rounds = try await onOwnThread {
                let connection = try LoopbackClient(port: port)
                return try (0..<5).map { round -> (closedBefore: Bool, connectionID: Int) in
                    let closed = round > 0 && connection.waitForClose(timeout: .milliseconds(1500))
                    try connection.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
                    return (closed, try EchoReport.decode(try connection.readResponse().body).connectionID)
                }
            }
            #expect(rounds.allSatisfy { !$0.closedBefore })
            #expect(Set(rounds.map(\.connectionID)).count == 1)
        }
    }
}
