import ErrorCore
import Foundation
import SDKTransport
import TestSupport
import Testing

/// ``HTTPRequest/idleTimeout``: a bound on silence, not on the exchange's length.
///
/// The limits leave room for the test server, whose handlers share the cooperative pool with every
/// other test running in parallel and can be held up for a second or more on a loaded 2-core machine.
extension TransportConformanceTests {
    static let idleLimit = Duration.milliseconds(300)

    @Test(arguments: kinds)
    func idleTimeoutFailsAStreamThatFallsSilentAfterTheHead(kind: TransportKind) async throws {
        try await withServer(kind) { transport, server in
            let clock = ContinuousClock()
            let start = clock.now
            // The head must beat the limit, so this one is longer; the whole-exchange limit is far off.
            let limit = Duration.seconds(3)
            let response = try await transport.stream(
                HTTPRequest(url: server.url("/silent-stream"), timeout: .seconds(40), idleTimeout: limit))
            #expect(response.status == 200)
            let error = await #expect(throws: TransportError.self) {
                for try await _ in response.body {}
            }
            #expect(error?.code == .timedOut)
            #expect(error?.requestSent == true)
            // The transfer is really gone: the server sees the client leave. Timed by when it did, not by
            // when this test woke up to look (a busy cooperative pool delays that by seconds).
            await server.clientLeftStream.wait()
            let elapsed = try #require(server.clientLeftStream.firedAt) - start
            #expect(elapsed >= limit - .milliseconds(10))
            // The silence would last 60 s and the exchange limit is 40 s: ending well before either is the
            // idle timeout. The room is wide because FoundationNetworking's URLSession, on a loaded
            // machine, has taken 7 s to act on the cancel the idle timer asks for.
            #expect(elapsed < limit + .seconds(20))
        }
    }

    @Test(arguments: kinds)
    func idleTimeoutFailsAHeadThatComesTooLate(kind: TransportKind) async throws {
        try await withServer(kind) { transport, server in
            let clock = ContinuousClock()
            let request = HTTPRequest(url: server.url("/delay/30000"), idleTimeout: Self.idleLimit)
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
                // The head would come after 30 s; half that leaves room for a slow wake-up on a busy machine.
                #expect(elapsed < .seconds(15))
            }
            // Each request reached the server, and neither was resent. The server records a request when its
            // handler runs, which a loaded machine can put off past the client's 300 ms: that is waited for.
            try await waitUntil { server.requestCount("/delay/30000") >= 2 }
            #expect(server.requestCount("/delay/30000") == 2)
        }
    }

    @Test(arguments: kinds)
    func idleTimeoutDoesNotLimitAStreamThatKeepsDelivering(kind: TransportKind) async throws {
        try await withServer(kind) { transport, server in
            let clock = ContinuousClock()
            let start = clock.now
            // 10 pieces 1 s apart: 9 s in all, well past the idle limit, while each gap leaves 4 s for a
            // server or a delegate queue held up by a full parallel run on two cores (3 s limits against
            // 1 s gaps were not enough there for URLSession).
            let response = try await transport.stream(
                HTTPRequest(url: server.url("/trickle/10/1000"), idleTimeout: .seconds(5)))
            let body = try await response.body.collect(upTo: 1000)
            let expected = (0..<10).map { "piece \($0)\n" }.joined()
            #expect(String(decoding: body, as: UTF8.self) == expected)
            #expect(clock.now - start >= .milliseconds(9000))
        }
    }

    @Test(arguments: kinds)
    func idleTimeoutDoesNotLimitABufferedBodyThatKeepsComing(kind: TransportKind) async throws {
        try await withServer(kind) { transport, server in
            let clock = ContinuousClock()
            let start = clock.now
            // 9 pieces 1 s apart: 8 s in all, well past the idle limit, each gap 4 s inside it.
            let response = try await transport.send(
                HTTPRequest(url: server.url("/trickle/9/1000"), idleTimeout: .seconds(5)))
            #expect(response.status == 200)
            #expect(String(decoding: response.body, as: UTF8.self) == (0..<9).map { "piece \($0)\n" }.joined())
            #expect(clock.now - start >= .milliseconds(8000))
        }
    }
}
