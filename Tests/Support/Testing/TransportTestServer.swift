import ErrorCore
import Foundation
import HTTPServer

/// The request as the test server received it, echoed back by `/echo` as JSON.
public struct TransportEchoedRequest: Codable, Sendable {
    /// The method as received.
    public var method: String
    /// The raw request target (path and query).
    public var target: String
    /// Every header field as `[name, value]`, in wire order.
    public var headers: [[String]]
    /// The request body, de-chunked.
    public var body: Data
    /// The server's id for the connection the request came on.
    public var connectionID: Int
    /// The client's TCP port.
    public var remotePort: Int

    /// Every value sent for `name` (case-insensitive), in wire order.
    public func values(for name: String) -> [String] {
        headers.filter { $0[0].lowercased() == name.lowercased() }.map { $0[1] }
    }
}

/// A ``ScriptedServer`` on 127.0.0.1 (ephemeral port) whose fallback answers the routes the transport tests use:
///
/// | path | answer |
/// | --- | --- |
/// | `/echo…` | 200, the request as ``TransportEchoedRequest`` JSON |
/// | `/status/N` | status N, body `status N` (none for 204/304) |
/// | `/response-headers` | repeated and empty header fields |
/// | `/bytes/N` | N bytes of ``TransportTestKit/patternBytes(_:seed:)`` |
/// | `/gzip` | `hello gzip ` × 1000, gzip-encoded |
/// | `/redirect` | 302 to `/echo` |
/// | `/redirect-away` | 302 to `https://elsewhere.example/`, empty body |
/// | `/redirect-nowhere/N` | status N with no `Location`, `X-Request-Id: req-nowhere`, body `nowhere` |
/// | `/delay/MS` | 200 after MS milliseconds |
/// | `/gated-stream` | chunk `one`, waits for ``clientSawFirstChunk``, then `two`, `three` |
/// | `/endless-stream` | a chunk every 20 ms until the client leaves (fires ``clientLeftStream``) |
/// | `/fast-stream/N` | N pattern bytes in 16 KiB chunks, as fast as the client takes them (fires ``fastStreamWritten``) |
/// | `/silent-stream` | the head, then nothing until the client leaves (fires ``clientLeftStream``) |
/// | `/trickle/N/MS` | N chunks `piece i\n`, MS milliseconds apart (fires ``trickleWritten``), then the end |
/// | `/stream-then-fail` | chunk `partial`, then the connection drops before the last chunk |
/// | `/fault/before`, `/fault/after-headers`, `/fault/mid-body`, `/fault/bad-chunking` | faults |
/// | `/huge-headers/N` | 200 with N × 1 KiB of header fields |
/// | `/second-fails` | closes without answering on the 2nd request to this path only |
public final class TransportTestServer: Sendable {
    /// The scripted server the routes run on.
    public let scripted: ScriptedServer
    /// Fired by the test once it has read `/gated-stream`'s first chunk.
    public let clientSawFirstChunk: TestSignal
    /// Fired by the server when a write to `/endless-stream` or `/fast-stream` failed, or `/silent-stream`
    /// was abandoned (client gone).
    public let clientLeftStream: TestSignal
    /// Fired by the server once `/trickle` has written its last piece (the end of the body follows).
    public let trickleWritten: TestSignal
    /// Fired by the server once the socket has taken every byte of a `/fast-stream` body (the end follows).
    public let fastStreamWritten: TestSignal

    /// Starts the server on an ephemeral port; call ``shutdown()`` when done.
    public init() throws {
        let signals = Signals()
        clientSawFirstChunk = signals.clientSawFirstChunk
        clientLeftStream = signals.clientLeftStream
        trickleWritten = signals.trickleWritten
        fastStreamWritten = signals.fastStreamWritten
        // A client test may leave the socket unread on purpose (a paused slow consumer), and on a loaded
        // machine its reader can take longer than the default 10 s write timeout to be scheduled again; the
        // server then closed the connection mid-body and the transport rightly reported the loss (seen once
        // in CI in `slowConsumerPausesTheTransferAndLosesNothing`). No test here is about that timeout.
        // Likewise a sequential client starved for over 30 s between two requests found its kept-alive
        // connection closed by the default idle timeout and opened a second one (seen once under two CPU
        // hogs, in `hundredSequentialRequestsShareOneConnection`). No test here is about that timeout either.
        var configuration = HTTPServer.Configuration()
        configuration.writeTimeout = .seconds(120)
        configuration.idleTimeout = .seconds(300)
        scripted = try ScriptedServer(
            configuration, fallback: { request, count in Self.route(request, count, signals) })
    }

    /// The underlying server.
    public var server: HTTPServer { scripted.server }

    /// `http://127.0.0.1:<port>`.
    public var baseURL: URL { scripted.baseURL }

    /// The URL of `path` (which may carry a query) on this server.
    public func url(_ path: String) -> URL { scripted.url(path) }

    /// How many requests reached `path`.
    public func requestCount(_ path: String) -> Int { scripted.requestCount(path) }

    /// Stops the server and waits for its connections to end.
    public func shutdown() async { await scripted.shutdown() }

    /// Returns once a request for `path` has reached a handler (at once if one already has).
    public func waitForRequest(to path: String) async {
        await scripted.waitForRequest(to: path)
    }

    /// Runs `body` against a fresh server and always shuts it down.
    ///
    /// There is no deadline here: in the parallel suite a test's wall time measures the queue it waits
    /// in, not its own work, so a per-test limit fails tests that were only slow to be scheduled. A
    /// broken transport is ended by the suite's ``Testing/Trait/hangGuard`` instead.
    public static func with(_ body: @escaping @Sendable (TransportTestServer) async throws -> Void) async throws {
        let server = try TransportTestServer()
        do {
            try await body(server)
        } catch {
            await server.shutdown()
            throw error
        }
        await server.shutdown()
    }

    private struct Signals: Sendable {
        let clientSawFirstChunk = TestSignal()
        let clientLeftStream = TestSignal()
        let trickleWritten = TestSignal()
        let fastStreamWritten = TestSignal()
    }

    private static func route(_ request: HTTPServerRequest, _ count: Int, _ signals: Signals) -> HTTPServerResponse {
        let parts = request.path.split(separator: "/").map(String.init)
        let argument = parts.count > 1 ? Int(parts[1]) : nil
        switch parts.first ?? "" {
        case "echo":
            let echoed = TransportEchoedRequest(
                method: request.method, target: request.target, headers: request.headers.map { [$0.name, $0.value] },
                body: request.body, connectionID: request.connectionID, remotePort: request.remotePort)
            return .json(200, String(decoding: try! JSONEncoder().encode(echoed), as: UTF8.self))
        case "status":
            let status = argument ?? 500
            let body = status == 204 || status == 304 ? Data() : Data("status \(status)".utf8)
            return HTTPServerResponse(status: status, headers: ["Content-Type": "text/plain"], body: body)
        case "response-headers":
            var headers = HTTPHeaders()
            headers.add("X-Multi", "first")
            headers.add("X-Multi", "second")
            headers.add("X-Empty", "")
            headers.add("X-Spaced", "  padded value  ")
            return HTTPServerResponse(status: 200, headers: headers, body: Data("ok".utf8))
        case "bytes":
            return HTTPServerResponse(body: TransportTestKit.patternBytes(argument ?? 0))
        case "gzip":
            return HTTPServerResponse(
                headers: ["Content-Encoding": "gzip", "Content-Type": "text/plain"], body: Self.gzippedHello)
        case "redirect":
            return HTTPServerResponse(status: 302, headers: ["Location": "/echo"], body: Data("see /echo".utf8))
        case "redirect-away":
            return HTTPServerResponse(status: 302, headers: ["Location": "https://elsewhere.example/"], body: Data())
        case "redirect-nowhere":
            return HTTPServerResponse(
                status: argument ?? 302, headers: ["X-Request-Id": "req-nowhere"], body: Data("nowhere".utf8))
        case "delay":
            return HTTPServerResponse(body: Data("late".utf8), fault: .delay(.milliseconds(argument ?? 1000)))
        case "gated-stream":
            let gate = signals.clientSawFirstChunk
            return .stream { writer in
                try await writer.write("one")
                await gate.wait()
                try await writer.write("two")
                try await writer.write("three")
            }
        case "endless-stream":
            let left = signals.clientLeftStream
            return .stream { writer in
                // Truly endless: it ends only when a write fails (the client left) or the server cancels it.
                // A thousand ticks (20 s) once ended first, when the test's Task was starved that long before
                // it left the loop, and then nothing ever fired `clientLeftStream`.
                do {
                    var index = 0
                    while true {
                        try await writer.write("tick \(index)\n")
                        index += 1
                        try await Task.sleep(for: .milliseconds(20))
                    }
                } catch {
                    left.fire()
                    throw error
                }
            }
        case "fast-stream":
            let total = argument ?? 0
            let left = signals.clientLeftStream
            let written = signals.fastStreamWritten
            return .stream { writer in
                let bytes = TransportTestKit.patternBytes(total)
                var offset = 0
                do {
                    while offset < total {
                        let end = min(offset + 16 << 10, total)
                        try await writer.write(bytes[offset..<end])
                        offset = end
                    }
                    // Each write returns once the connection's thread has sent the chunk.
                    written.fire()
                } catch {
                    left.fire()
                    throw error
                }
            }
        case "silent-stream":
            let left = signals.clientLeftStream
            return .stream { _ in
                // Ends only by cancellation: the server cancels the producer when the client hangs up.
                try? await Task.sleep(for: .seconds(60))
                left.fire()
            }
        case "trickle":
            let pause = Duration.milliseconds(parts.count > 2 ? Int(parts[2]) ?? 100 : 100)
            let written = signals.trickleWritten
            return .stream { writer in
                for index in 0..<(argument ?? 0) {
                    if index > 0 { try await Task.sleep(for: pause) }
                    try await writer.write("piece \(index)\n")
                }
                written.fire()
            }
        case "stream-then-fail":
            return .stream { writer in
                try await writer.write("partial")
                try await Task.sleep(for: .milliseconds(50))
                throw CancellationError()
            }
        case "fault":
            let body = TransportTestKit.patternBytes(100_000)
            switch parts.count > 1 ? parts[1] : "" {
            case "before": return HTTPServerResponse(body: body, fault: .closeBeforeResponding)
            case "after-headers": return HTTPServerResponse(body: body, fault: .closeAfterHeaders)
            case "mid-body": return HTTPServerResponse(body: body, fault: .closeMidBody(afterBytes: 1000))
            case "mid-stream":
                var response = HTTPServerResponse.stream { writer in
                    try await writer.write(TransportTestKit.patternBytes(5000))
                }
                response.fault = .closeMidBody(afterBytes: 1000)
                return response
            default: return HTTPServerResponse(body: body, fault: .malformedChunking)
            }
        case "huge-headers":
            var headers = HTTPHeaders()
            for index in 0..<(argument ?? 70) {
                headers.add("X-Filler-\(index)", String(repeating: "x", count: 1000))
            }
            return HTTPServerResponse(headers: headers, body: Data("ok".utf8))
        case "second-fails":
            return HTTPServerResponse(
                body: Data("answer \(count)".utf8), fault: count == 2 ? .closeBeforeResponding : nil)
        default:
            return HTTPServerResponse(status: 404)
        }
    }

    /// `hello gzip ` × 1000, gzip-compressed (made with Python's gzip module, mtime 0).
    private static let gzippedHello = Data(
        base64Encoded:
            "H4sIAAAAAAACA+3GsQ0AIAgAsFd4zogJic5ezxsM7dRcVTf2Py9SVVVVVVVVVVVVVVVVVVVVVVVVVVV1ahtTNTsp+CoAAA==")!
}
