#if canImport(CCurl)
    import Foundation
    import TestSupport
    import Testing

    @testable import SDKTransport

    /// ``CurlTransport/Configuration/inlineWait``: a request that is alone waits for its answer on the
    /// caller's thread for a moment, and is left to the engine thread when the answer takes longer.
    /// (The conformance suite runs every behaviour with the wait, `curl`, without it, `curlEngine`, and from
    /// Tasks on the engine thread itself, `curlExecutor`.)
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

        /// A caller whose answer came back is still in flight until its Task runs again: a request started
        /// meanwhile does not wait inline, which would hold a thread that Task may be waiting for.
        @Test func aRequestStartedWhileAnotherCallersAnswerWaitsForItsTaskDoesNotWaitInline() async throws {
            let transport = Self.transport(inlineWait: .milliseconds(100))
            let engine = try #require(transport.engine)
            let executor = HoldingExecutor()
            try await TransportTestServer.with { server in
                while engine.inlineWaits().answered == 0 {
                    _ = try await transport.send(HTTPRequest(url: server.url("/echo")))
                }
                // The first caller's answer waits for the gate, so the engine thread completes it; its Task
                // then cannot run until the executor is let go.
                let warm = engine.inlineWaits()
                let first = Task(executorPreference: executor) {
                    try await transport.send(HTTPRequest(url: server.url("/gated-stream")))
                }
                try await waitUntil { engine.inlineWaits().handedOver == warm.handedOver + 1 }
                executor.hold()
                server.clientSawFirstChunk.fire()
                let delivered = await executor.heldJobArrived.wait(timeout: .seconds(30))
                try #require(delivered, "the first caller's answer never came")

                // Three, as the unanswered wait above makes the next request that could wait skip it once.
                let before = engine.inlineWaits()
                for _ in 0..<3 {
                    let response = try await transport.send(HTTPRequest(url: server.url("/echo")))
                    #expect(response.status == 200)
                }
                #expect(engine.inlineWaits() == before)

                executor.release()
                #expect(try await first.value.body == Data("onetwothree".utf8))
                // Alone again, a request waits inline as before (once the unanswered wait's skip is spent).
                var waitedInline = false
                for _ in 0..<100 where !waitedInline {
                    _ = try await transport.send(HTTPRequest(url: server.url("/echo")))
                    waitedInline = engine.inlineWaits().answered > before.answered
                }
                #expect(waitedInline)
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

    /// A task executor with a thread of its own that can be told to hold the jobs it gets: a Task preferring it
    /// then stays unrun, its answer delivered, for as long as the test needs. The thread serves until the
    /// process exits.
    private final class HoldingExecutor: TaskExecutor, @unchecked Sendable {
        /// Fired when a job arrives while the executor holds its jobs.
        let heldJobArrived = TestSignal()
        private let condition = NSCondition()
        // Guarded by `condition`.
        private var jobs: [UnownedJob] = []
        private var running = false
        private var holding = false

        init() {
            let thread = Thread { [self] in
                while true {
                    next().runSynchronously(on: asUnownedTaskExecutor())
                    condition.withLock {
                        running = false
                        condition.broadcast()
                    }
                }
            }
            thread.start()
        }

        func enqueue(_ job: consuming ExecutorJob) {
            let job = UnownedJob(job)
            let held = condition.withLock {
                jobs.append(job)
                condition.broadcast()
                return holding
            }
            if held { heldJobArrived.fire() }
        }

        /// Holds every job that arrives from now on, once the one running (and any queued) is done: a Task that
        /// is still on its way to suspending finishes that first, so its next job is the one held. (A
        /// continuation resumed before its Task suspended would let it run on without a new job.)
        func hold() {
            condition.withLock {
                while running || !jobs.isEmpty { condition.wait() }
                holding = true
            }
        }

        func release() {
            condition.withLock {
                holding = false
                condition.broadcast()
            }
        }

        private func next() -> UnownedJob {
            condition.withLock {
                while holding || jobs.isEmpty { condition.wait() }
                running = true
                return jobs.removeFirst()
            }
        }
    }
#endif
