#if canImport(CCurl)
    import Foundation
    import TestSupport
    import Testing

    @testable import SDKTransport

    /// ``CurlTransport/Configuration/inlineWait``: a request that is alone waits for its answer on the
    /// caller's thread for a moment, and is left to the engine thread when the answer takes longer.
    /// (The conformance suite runs every behaviour with the wait, `curl`, and without it, `curlEngine`.)
    @Suite(.hangGuard) struct CurlInlineWaitTests {
        static func transport(inlineWait: Duration) -> CurlTransport {
            var configuration = CurlTransport.Configuration()
            configuration.inlineWait = inlineWait
            return CurlTransport(configuration: configuration)
        }

        @Test func quickAnswersAreReadOnTheCallersThreadOverOneConnection() async throws {
            // A second is far longer than a loopback answer takes, even on a loaded machine.
            let transport = Self.transport(inlineWait: .seconds(1))
            try await TransportTestServer.with { server in
                var connections: Set<Int> = []
                for index in 0..<20 {
                    let response = try await transport.send(HTTPRequest(url: server.url("/echo?n=\(index)")))
                    let echoed = try JSONDecoder().decode(TransportEchoedRequest.self, from: response.body)
                    #expect(echoed.target == "/echo?n=\(index)")
                    connections.insert(echoed.connectionID)
                }
                #expect(connections.count == 1)
                // Only a request that finds the engine thread asleep waits; the first may not.
                let waits = try #require(transport.engine).inlineWaits()
                #expect(waits.answered >= 1)
                #expect(waits.answered + waits.late + waits.handedOver <= 20)
            }
        }

        @Test func anAnswerLaterThanTheWaitIsLeftToTheEngineThread() async throws {
            let transport = Self.transport(inlineWait: .milliseconds(100))
            let engine = try #require(transport.engine)
            try await TransportTestServer.with { server in
                // Warm up until a wait has run (the engine thread was asleep) and seen its answer in time, so
                // the next unanswered wait makes exactly one request skip.
                while engine.inlineWaits().answered == 0 {
                    _ = try await transport.send(HTTPRequest(url: server.url("/echo")))
                }
                let warm = engine.inlineWaits()
                // `/gated-stream` sends its head and a first chunk, then nothing until the gate opens: the
                // wait cannot see the end, whatever the timing, so it hands the transfer over.
                async let gated = transport.send(HTTPRequest(url: server.url("/gated-stream")))
                try await waitUntil { engine.inlineWaits().handedOver == warm.handedOver + 1 }
                server.clientSawFirstChunk.fire()
                let response = try await gated
                #expect(response.status == 200)
                #expect(response.body == Data("onetwothree".utf8))

                // The next request skips the wait (or finds the engine awake): either way no wait is counted.
                let before = engine.inlineWaits()
                _ = try await transport.send(HTTPRequest(url: server.url("/echo")))
                let after = engine.inlineWaits()
                #expect(after == before)
            }
        }

        @Test func aCancelledCallerGetsCancellationErrorAndTheTransportKeepsWorking() async throws {
            let transport = Self.transport(inlineWait: .seconds(1))
            try await TransportTestServer.with { server in
                // `/silent-stream` sends its head and then nothing until the client leaves.
                let call = Task { try await transport.send(HTTPRequest(url: server.url("/silent-stream"))) }
                await server.waitForRequest(to: "/silent-stream")
                call.cancel()
                await #expect(throws: CancellationError.self) { try await call.value }
                await server.clientLeftStream.wait()
                let after = try await transport.send(HTTPRequest(url: server.url("/echo")))
                #expect(after.status == 200)
            }
        }

        @Test func waitsOutsideTheSupportedRangeAreClamped() {
            #expect(CurlEngine.inlineWaitNanoseconds(.seconds(-3)) == 0)
            #expect(CurlEngine.inlineWaitNanoseconds(.microseconds(250)) == 250_000)
            #expect(CurlEngine.inlineWaitNanoseconds(.seconds(3600)) == 1_000_000_000)
        }
    }
#endif
