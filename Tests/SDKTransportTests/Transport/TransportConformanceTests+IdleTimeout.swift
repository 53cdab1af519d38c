import ErrorCore
import Foundation
import SDKTransport
import TestSupport
import Testing

/// ``HTTPRequest/idleTimeout``: a bound on silence, not on the exchange's length.
///
/// The limits leave room for the test server, whose handlers share the cooperative pool with every
/// other test running in parallel and can be held up for a few hundred milliseconds.
extension TransportConformanceTests {
    static let idleLimit = Duration.milliseconds(300)

    @Test(arguments: kinds)
    func idleTimeoutFailsAStreamThatFallsSilentAfterTheHead(kind: TransportKind) async throws {
        try await withServer(kind) { transport, server in
            let clock = ContinuousClock()
            let start = clock.now
            // The head must beat the limit, so this one is longer; the whole-exchange limit is far off.
            let limit = Duration.seconds(1)
            let response = try await transport.stream(
                HTTPRequest(url: server.url("/silent-stream"), timeout: .seconds(20), idleTimeout: limit))
            #expect(response.status == 200)
            let error = await #expect(throws: TransportError.self) {
                for try await _ in response.body {}
            }
            let elapsed = clock.now - start
            #expect(error?.code == .timedOut)
            #expect(error?.requestSent == true)
            #expect(elapsed >= limit - .milliseconds(10))
            #expect(elapsed < limit + .seconds(2))
            // The transfer is really gone: the server sees the client leave.
            await server.clientLeftStream.wait()
        }
    }

    @Test(arguments: kinds)
    func idleTimeoutFailsAHeadThatComesTooLate(kind: TransportKind) async throws {
        try await withServer(kind) { transport, server in
            let clock = ContinuousClock()
            let request = HTTPRequest(url: server.url("/delay/3000"), idleTimeout: Self.idleLimit)
            for streaming in [false, true] {
                let start = clock.now
                let error = await #expect(throws: TransportError.self, "streaming: \(streaming)") {
                    if streaming {
                        _ = try await transport.stream(request)
                    } else {
                        _ = try await transport.send(request)
                    }
                }
                let elapsed = clock.now - start
                #expect(error?.code == .timedOut)
                #expect(error?.requestSent == true)
                #expect(elapsed >= Self.idleLimit - .milliseconds(10))
                #expect(elapsed < Self.idleLimit + .seconds(2))
            }
            #expect(server.requestCount("/delay/3000") == 2)
        }
    }

    @Test(arguments: kinds)
    func idleTimeoutDoesNotLimitAStreamThatKeepsDelivering(kind: TransportKind) async throws {
        try await withServer(kind) { transport, server in
            let clock = ContinuousClock()
            let start = clock.now
            // 12 pieces 200 ms apart: 2.2 s in all, more than twice the idle limit.
            let response = try await transport.stream(
                HTTPRequest(url: server.url("/trickle/12/200"), idleTimeout: .seconds(1)))
            let body = try await response.body.collect(upTo: 1000)
            let expected = (0..<12).map { "piece \($0)\n" }.joined()
            #expect(String(decoding: body, as: UTF8.self) == expected)
            #expect(clock.now - start >= .milliseconds(2200))
        }
    }

    @Test(arguments: kinds)
    func idleTimeoutDoesNotLimitABufferedBodyThatKeepsComing(kind: TransportKind) async throws {
        try await withServer(kind) { transport, server in
            let clock = ContinuousClock()
            let start = clock.now
            let response = try await transport.send(
                HTTPRequest(url: server.url("/trickle/8/200"), idleTimeout: .seconds(1)))
            #expect(response.status == 200)
            #expect(String(decoding: response.body, as: UTF8.self) == (0..<8).map { "piece \($0)\n" }.joined())
            #expect(clock.now - start >= .milliseconds(1400))
        }
    }
}
