import ErrorCore
import Foundation
import HTTPServer
import TestSupport
import Testing

/// Streamed (chunked) responses: incremental delivery, backpressure, vanished clients.
@Suite(.hangGuard)
struct StreamingTests {
    @Test func chunksArriveOneByOneBeforeTheProducerFinishes() async throws {
        let firstReceived = TestSignal()
        let handler: HTTPServer.Handler = { _ in
            .stream(headers: ["Content-Type": "text/event-stream"]) { writer in
                try await writer.write("data: one\n\n")
                // Only the test, after it has read chunk 1, lets the producer go on.
                guard await firstReceived.wait(timeout: ServerTestClient.defaultTimeout) else { return }
                try await writer.write("data: two\n\n")
            }
        }
        try await ServerTestHarness.withServer(handler: handler) { server in
            let client = try await ServerTestClient.connect(port: server.port)
            try await client.send("GET /events HTTP/1.1\r\nHost: x\r\n\r\n")
            let head = try await client.readHead()
            #expect(head.status == 200)
            #expect(head.headers["Transfer-Encoding"] == "chunked")
            #expect(head.headers["Content-Type"] == "text/event-stream")
            #expect(try await client.readChunk() == Array("data: one\n\n".utf8))
            firstReceived.fire()
            #expect(try await client.readChunk() == Array("data: two\n\n".utf8))
            #expect(try await client.readChunk() == nil)
            // The stream ended cleanly, so the connection stays usable.
            try await client.send("GET /again HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try await client.readHead().status == 200)
        }
    }

    @Test func eachChunkLeavesRightAfterItsWrite() async throws {
        let rounds = 21
        let writeTimes = Locked<[ContinuousClock.Instant]>([])
        let next = (0..<rounds).map { _ in TestSignal() }
        let handler: HTTPServer.Handler = { _ in
            .stream { writer in
                for round in 0..<rounds {
                    if round > 0 {
                        guard await next[round].wait(timeout: ServerTestClient.defaultTimeout) else { return }
                    }
                    writeTimes.withLock { $0.append(.now) }
                    try await writer.write("tick \(round)")
                }
            }
        }
        try await ServerTestHarness.withServer(handler: handler) { server in
            let client = try await ServerTestClient.connect(port: server.port)
            try await client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            _ = try await client.readHead()
            var latencies: [Duration] = []
            for round in 0..<rounds {
                let (chunk, arrival) = try await client.readChunkWithArrival()
                #expect(chunk == Array("tick \(round)".utf8))
                latencies.append(arrival - writeTimes.withLock { $0[round] })
                if round + 1 < rounds { next[round + 1].fire() }
            }
            // Typically tens of microseconds. The bound only has to survive a busy 2-core machine
            // while still catching any batching (Nagle alone would add ~40 ms).
            let median = latencies.sorted()[rounds / 2]
            #expect(median < .milliseconds(10), "median write-to-arrival latency \(median)")
        }
    }

    @Test func slowClientSuspendsTheProducerInsteadOfBuffering() async throws {
        let chunk = Data(repeating: 0x61, count: 256 << 10)
        let total = 48 << 20
        let written = Locked(0)
        let producerEnded = TestSignal()
        let failure = Locked<HTTPServerError?>(nil)
        let handler: HTTPServer.Handler = { _ in
            .stream { writer in
                defer { producerEnded.fire() }
                do {
                    while written.withLock({ $0 }) < total {
                        try await writer.write(chunk)
                        written.withLock { $0 += chunk.count }
                    }
                } catch let error as HTTPServerError {
                    failure.withLock { $0 = error }
                }
            }
        }
        // The producer stalls from the moment the buffers fill, which on a loaded machine can be long
        // before the client has read the head; the default 10 s write timeout would then end it early.
        let configuration = ServerTestHarness.configuration(writeTimeout: .seconds(120))
        try await ServerTestHarness.withServer(configuration, handler: handler) { server in
            let client = try await ServerTestClient.connect(port: server.port)
            try await client.send("GET /bulk HTTP/1.1\r\nHost: x\r\n\r\n")
            _ = try await client.readHead()
            // The client reads nothing more: once socket buffers are full, writes must block.
            #expect(await !producerEnded.wait(timeout: .milliseconds(500)))
            let stalledAt = written.withLock { $0 }
            #expect(stalledAt < total / 2, "wrote \(stalledAt) bytes to a client that reads nothing")
            await client.close()
            #expect(await producerEnded.wait(timeout: ServerTestClient.defaultTimeout))
            #expect(failure.withLock { $0 } == .clientDisconnected)
        }
    }

    @Test func clientLeavingMidStreamDoesNotHurtOtherClients() async throws {
        let producerEnded = TestSignal()
        let failure = Locked<(any Error)?>(nil)
        let handler: HTTPServer.Handler = { request in
            guard request.path == "/stream" else { return HTTPServerResponse(body: Data("fine".utf8)) }
            return .stream { writer in
                defer { producerEnded.fire() }
                do {
                    while true { try await writer.write(Data(repeating: 0x62, count: 1024)) }
                } catch {
                    failure.withLock { $0 = error }
                    throw error
                }
            }
        }
        try await ServerTestHarness.withServer(handler: handler) { server in
            let leaver = try await ServerTestClient.connect(port: server.port)
            try await leaver.send("GET /stream HTTP/1.1\r\nHost: x\r\n\r\n")
            _ = try await leaver.readHead()
            _ = try await leaver.readChunk()
            await leaver.close()
            #expect(await producerEnded.wait(timeout: ServerTestClient.defaultTimeout))
            let error = failure.withLock { $0 }
            #expect(error is CancellationError || (error as? HTTPServerError) == .clientDisconnected)
            #expect(await server.waitForOpenConnections(atMost: 0))

            let other = try await ServerTestClient.connect(port: server.port)
            try await other.send("GET /plain HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try await other.readResponse().text == "fine")
        }
    }

    @Test func pipelinedRequestWaitsBehindASlowStream() async throws {
        // The pause outlasts the server's hang-up check, which must not mistake the pipelined
        // request waiting in the socket for a departed client.
        let handler: HTTPServer.Handler = { request in
            guard request.path == "/stream" else { return HTTPServerResponse(body: Data("next".utf8)) }
            return .stream { writer in
                try await writer.write("one")
                try await Task.sleep(for: .milliseconds(300))
                try await writer.write("two")
            }
        }
        try await ServerTestHarness.withServer(handler: handler) { server in
            let client = try await ServerTestClient.connect(port: server.port)
            try await client.send("GET /stream HTTP/1.1\r\nHost: x\r\n\r\nGET /plain HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try await client.readResponse().text == "onetwo")
            #expect(try await client.readResponse().text == "next")
        }
    }

    @Test func idleProducerIsCancelledWhenTheClientHangsUp() async throws {
        let neverFired = TestSignal()
        let sawCancellation = TestSignal()
        let handler: HTTPServer.Handler = { _ in
            .stream { writer in
                try await writer.write("waiting for events")
                _ = await neverFired.wait(timeout: .seconds(30))
                if Task.isCancelled { sawCancellation.fire() }
            }
        }
        try await ServerTestHarness.withServer(handler: handler) { server in
            let client = try await ServerTestClient.connect(port: server.port)
            try await client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            _ = try await client.readHead()
            _ = try await client.readChunk()
            await client.close()
            #expect(await sawCancellation.wait(timeout: ServerTestClient.defaultTimeout))
            #expect(await server.waitForOpenConnections(atMost: 0))
        }
    }

    @Test func throwingProducerLeavesTheBodyVisiblyTruncated() async throws {
        struct Boom: Error {}
        let handler: HTTPServer.Handler = { _ in
            .stream { writer in
                try await writer.write("partial")
                throw Boom()
            }
        }
        try await ServerTestHarness.withServer(handler: handler) { server in
            let client = try await ServerTestClient.connect(port: server.port)
            try await client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            _ = try await client.readHead()
            #expect(try await client.readChunk() == Array("partial".utf8))
            await #expect(throws: LoopbackClient.Failure.self) { try await client.readChunk() }
            #expect(await client.waitForClose(timeout: .seconds(5)))
        }
    }

    @Test func http10ClientGetsACloseDelimitedStream() async throws {
        let handler: HTTPServer.Handler = { _ in
            .stream { writer in
                try await writer.write("a")
                try await writer.write(Data())
                try await writer.write("b")
            }
        }
        try await ServerTestHarness.withServer(handler: handler) { server in
            let client = try await ServerTestClient.connect(port: server.port)
            try await client.send("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            let response = try await client.readResponse()
            #expect(!response.headers.contains("Transfer-Encoding"))
            #expect(!response.headers.contains("Content-Length"))
            #expect(response.closesConnection)
            #expect(response.text == "ab")
        }
    }

    @Test func emptyWritesSendNoChunk() async throws {
        let handler: HTTPServer.Handler = { _ in
            .stream { writer in
                try await writer.write(Data())
                try await writer.write("x")
                try await writer.write(Data())
            }
        }
        try await ServerTestHarness.withServer(handler: handler) { server in
            let client = try await ServerTestClient.connect(port: server.port)
            try await client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            _ = try await client.readHead()
            #expect(try await client.readChunk() == Array("x".utf8))
            #expect(try await client.readChunk() == nil)
        }
    }

    @Test func headRequestDoesNotRunTheProducer() async throws {
        let runs = Locked(0)
        let handler: HTTPServer.Handler = { _ in
            .stream { writer in
                runs.withLock { $0 += 1 }
                try await writer.write("body")
            }
        }
        try await ServerTestHarness.withServer(handler: handler) { server in
            let client = try await ServerTestClient.connect(port: server.port)
            try await client.send("HEAD / HTTP/1.1\r\nHost: x\r\n\r\n")
            let head = try await client.readResponse(bodyless: true)
            #expect(head.headers["Transfer-Encoding"] == "chunked")
            try await client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try await client.readResponse().text == "body")
            // Had the HEAD run its producer, its chunks would have garbled the GET's response too.
            let producerRuns = runs.withLock { $0 }
            #expect(producerRuns == 1)
        }
    }

    @Test func writerKeptPastTheResponseRefusesWrites() async throws {
        let kept = Locked<(any HTTPResponseWriter)?>(nil)
        let handler: HTTPServer.Handler = { _ in
            .stream { writer in
                kept.withLock { $0 = writer }
                try await writer.write("only")
            }
        }
        try await ServerTestHarness.withServer(handler: handler) { server in
            let client = try await ServerTestClient.connect(port: server.port)
            try await client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try await client.readResponse().text == "only")
            let writer = try #require(kept.withLock { $0 })
            await #expect(throws: HTTPServerError.responseFinished) { try await writer.write("late") }
        }
    }
}
