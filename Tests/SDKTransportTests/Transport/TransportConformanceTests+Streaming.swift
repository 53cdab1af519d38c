import ErrorCore
import Foundation
import SDKTransport
import TestSupport
import Testing

/// Streaming and cancellation.
extension TransportConformanceTests {
    @Test(arguments: kinds)
    func streamDeliversEachChunkBeforeTheNextIsWritten(kind: TransportKind) async throws {
        try await withServer(kind) { transport, server in
            let response = try await transport.stream(HTTPRequest(url: server.url("/gated-stream")))
            #expect(response.status == 200)
            #expect(response.headers["Transfer-Encoding"] == "chunked")
            var iterator = response.body.makeAsyncIterator()
            // The server writes "two" only after we report seeing "one": a buffering transport would
            // wait for the whole body here and hit the deadline instead.
            let first = try await iterator.next()
            #expect(first.map { String(decoding: $0, as: UTF8.self) } == "one")
            server.clientSawFirstChunk.fire()
            var rest = ""
            while let chunk = try await iterator.next() { rest += String(decoding: chunk, as: UTF8.self) }
            #expect(rest == "twothree")
        }
    }

    @Test(arguments: kinds)
    func streamReturnsAtTheHeadBeforeAnyBody(kind: TransportKind) async throws {
        try await withServer(kind) { transport, server in
            // The gate is never opened before `stream` returns, yet it must return.
            let response = try await transport.stream(HTTPRequest(url: server.url("/gated-stream")))
            #expect(response.status == 200)
            server.clientSawFirstChunk.fire()
            let body = try await response.body.collect(upTo: 1000)
            #expect(String(decoding: body, as: UTF8.self) == "onetwothree")
        }
    }

    @Test(arguments: kinds)
    func streamedErrorStatusKeepsItsBody(kind: TransportKind) async throws {
        try await withServer(kind) { transport, server in
            let response = try await transport.stream(HTTPRequest(url: server.url("/status/429")))
            #expect(response.status == 429)
            #expect(try await response.body.collect(upTo: 100) == Data("status 429".utf8))
        }
    }

    @Test(arguments: kinds)
    func cancellingASlowRequestThrowsCancellationPromptly(kind: TransportKind) async throws {
        try await withServer(kind) { transport, server in
            let clock = ContinuousClock()
            let task = Task { try await transport.send(HTTPRequest(url: server.url("/delay/30000"))) }
            // Cancel once the server has the request, so it is the in-flight exchange that ends.
            await server.waitForRequest(to: "/delay/30000")
            let start = clock.now
            task.cancel()
            let result = await task.result
            // The server would answer after 30 s: ending in half that is the cancellation, with room for a
            // reader held up on a loaded machine.
            #expect(clock.now - start < .seconds(15))
            #expect(throws: CancellationError.self) { try result.get() }
        }
    }

    @Test(arguments: kinds)
    func cancellingAStreamMidBodyThrowsCancellationAndClosesIt(kind: TransportKind) async throws {
        try await withServer(kind) { transport, server in
            let firstChunk = TestSignal()
            let reader = Task {
                let response = try await transport.stream(HTTPRequest(url: server.url("/endless-stream")))
                for try await _ in response.body { firstChunk.fire() }
            }
            await firstChunk.wait()
            let clock = ContinuousClock()
            let start = clock.now
            reader.cancel()
            let result = await reader.result
            // The stream never ends on its own (a tick every 20 ms until the client leaves): ending within
            // 20 s is the cancellation. The room is for FoundationNetworking's URLSession, which on a loaded
            // machine has acted on a cancel more than 7 s late.
            #expect(clock.now - start < .seconds(20))
            #expect(throws: CancellationError.self) { try result.get() }
            // The server's next write fails: the transfer is really gone, not just ignored.
            await server.clientLeftStream.wait()
        }
    }

    @Test(arguments: kinds)
    func leavingTheLoopEarlyAbandonsTheStream(kind: TransportKind) async throws {
        try await withServer(kind) { transport, server in
            let response = try await transport.stream(HTTPRequest(url: server.url("/endless-stream")))
            for try await chunk in response.body {
                #expect(String(decoding: chunk, as: UTF8.self).hasPrefix("tick 0"))
                break
            }
            await server.clientLeftStream.wait()
        }
    }

    @Test(arguments: kinds)
    func cancellingBeforeTheHeadThrowsCancellation(kind: TransportKind) async throws {
        try await withServer(kind) { transport, server in
            // The head would come after 30 s, not 5: on a loaded machine FoundationNetworking's URLSession
            // has taken over 5 s to act on a cancel (CI saw the 5 s head win the race).
            let task = Task { try await transport.stream(HTTPRequest(url: server.url("/delay/30000"))) }
            await server.waitForRequest(to: "/delay/30000")
            task.cancel()
            let result = await task.result
            #expect(throws: CancellationError.self) { try result.get() }
        }
    }

    @Test(arguments: kinds)
    func alreadyCancelledTaskSendsNothing(kind: TransportKind) async throws {
        try await withServer(kind) { transport, server in
            let task = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                return try await transport.send(HTTPRequest(url: server.url("/echo")))
            }
            let result = await task.result
            #expect(throws: CancellationError.self) { try result.get() }
            #expect(server.requestCount("/echo") == 0)
        }
    }
}
