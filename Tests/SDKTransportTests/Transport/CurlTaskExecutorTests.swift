#if canImport(CCurl)
    import Foundation
    import TestSupport
    import Testing

    @testable import SDKTransport

    /// ``CurlTransport/taskExecutor``: Tasks that prefer it run on the engine thread, before and after every
    /// answer, and lose nothing: not an answer, not a paused stream, not a cancellation, not the Task itself once
    /// the transport is gone.
    @Suite(.hangGuard) struct CurlTaskExecutorTests {
        /// `tasks` Tasks, those `onEngine` picks preferring the transport's executor and the rest on the pool,
        /// each send `requests` GETs; each must run where it prefers before and after every answer, and every
        /// answer must reach its own Task.
        static func fanOut(
            _ transport: CurlTransport, _ server: TransportTestServer, tasks: Int, requests: Int,
            onEngine: @escaping @Sendable (Int) -> Bool
        ) async throws {
            let engine = try #require(transport.engine)
            let targets = try await withThrowingTaskGroup(of: [String].self) { group in
                for task in 0..<tasks {
                    let preferred = onEngine(task)
                    group.addTask(executorPreference: preferred ? transport.taskExecutor : nil) {
                        var targets: [String] = []
                        for index in 0..<requests {
                            #expect(engine.isCurrentThread == preferred)
                            let request = HTTPRequest(url: server.url("/echo?task=\(task)&n=\(index)"))
                            let response = try await transport.send(request)
                            #expect(engine.isCurrentThread == preferred)
                            let echoed = try JSONDecoder().decode(TransportEchoedRequest.self, from: response.body)
                            targets.append(echoed.target)
                        }
                        return targets
                    }
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            let expected = (0..<tasks).flatMap { task in (0..<requests).map { "/echo?task=\(task)&n=\($0)" } }
            #expect(targets.sorted() == expected.sorted())
        }

        @Test func concurrentRequestsFromTasksOnTheExecutorAllRunOnTheEngineThread() async throws {
            let transport = CurlTransport()
            try await TransportTestServer.with { server in
                try await Self.fanOut(transport, server, tasks: 16, requests: 8) { _ in true }
            }
            // The test's own Task never ran there.
            #expect(try #require(transport.engine).isCurrentThread == false)
        }

        /// Tasks on the executor and Tasks on the cooperative pool share the transport: the pool's callers may
        /// start their transfers themselves while the engine thread runs jobs, and every answer reaches its Task.
        @Test func tasksOnTheExecutorAndOnThePoolShareTheTransport() async throws {
            let transport = CurlTransport()
            try await TransportTestServer.with { server in
                try await Self.fanOut(transport, server, tasks: 16, requests: 16) { $0.isMultiple(of: 2) }
            }
        }

        @Test func aStreamReadOnTheExecutorPausesForItsReaderAndLosesNothing() async throws {
            let transport = CurlTransport()
            let engine = try #require(transport.engine)
            try await TransportTestServer.with { server in
                let total = 4 << 20
                let received = try await Task(executorPreference: transport.taskExecutor) {
                    let response = try await transport.stream(HTTPRequest(url: server.url("/fast-stream/\(total)")))
                    // Reading nothing until the transfer is paused, so the reader, on the engine thread
                    // itself, is the one that unpauses it.
                    await response.body.buffer.waitForProducerPause()
                    var received = Data()
                    for try await chunk in response.body {
                        #expect(engine.isCurrentThread)
                        received.append(chunk)
                    }
                    return received
                }.value
                #expect(received == TransportTestKit.patternBytes(total))
            }
        }

        @Test func cancellingATaskOnTheExecutorEndsItsRequest() async throws {
            let transport = CurlTransport()
            try await TransportTestServer.with { server in
                let waiting = Task(executorPreference: transport.taskExecutor) {
                    try await transport.send(HTTPRequest(url: server.url("/delay/60000")))
                }
                try await waitUntil { server.requestCount("/delay/60000") == 1 }
                waiting.cancel()
                await #expect(throws: CancellationError.self) { try await waiting.value }
                // The thread still serves requests.
                let after = try await Task(executorPreference: transport.taskExecutor) {
                    try await transport.send(HTTPRequest(url: server.url("/status/204"))).status
                }.value
                #expect(after == 204)
            }
        }

        @Test func onceTheTransportHasShutDownTasksPreferringItsExecutorRunElsewhere() async throws {
            var transport: CurlTransport? = CurlTransport()
            let engine = try #require(transport?.engine)
            let executor = try #require(transport).taskExecutor
            transport = nil
            try await waitUntil { engine.hasShutDown }
            // Queued on the engine, this job would never run: the hang guard would end the test.
            let ranOnTheEngine = await Task(executorPreference: executor) { engine.isCurrentThread }.value
            #expect(!ranOnTheEngine)
        }
    }
#endif
