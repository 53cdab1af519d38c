import ErrorCore
import Foundation
import HTTPServer
import SDKTransport

extension DemoSection {
    /// The shared transport: a streamed response arriving chunk by chunk, and failures that say
    /// exactly whether the request left the device.
    static let transport = DemoSection(title: "SDKTransport: one transport for every SDK") { _ in
        let server = HTTPServer { request in
            switch request.path {
            case "/stream":
                return .stream(headers: ["Content-Type": "text/event-stream"]) { writer in
                    for word in ["streamed", "as", "written"] {
                        try await writer.write("data: \(word)\n\n")
                        try await Task.sleep(for: .milliseconds(40))
                    }
                }
            default:
                var response = HTTPServerResponse(status: 200, body: Data(#"{"partial":"#.utf8))
                response.fault = .closeBeforeResponding
                return response
            }
        }
        try server.start()
        defer { Task { await server.shutdown() } }
        let transport = DefaultTransport.make()
        var lines = ["in-process HTTP server at \(server.baseURL.absoluteString)"]

        let clock = ContinuousClock()
        let start = clock.now
        let stream = try await transport.stream(HTTPRequest(url: server.baseURL.appendingPathComponent("stream")))
        var arrivals: [String] = []
        for try await chunk in stream.body {
            let text = String(decoding: chunk, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            let elapsed = (clock.now - start).components
            let milliseconds = elapsed.seconds * 1_000 + elapsed.attoseconds / 1_000_000_000_000_000
            arrivals.append("'\(text.replacingOccurrences(of: "data: ", with: ""))' at +\(milliseconds) ms")
        }
        lines.append("stream \(stream.status): " + arrivals.joined(separator: ", "))

        lines.append(try await failure(of: HTTPRequest(method: "POST", url: server.baseURL, body: Data("{}".utf8))))
        let closed = try await closedPortURL()
        lines.append(try await failure(of: HTTPRequest(method: "POST", url: closed, body: Data("{}".utf8))))
        return lines
    }

    /// Sends `request`, expecting a transport failure, and describes it.
    private static func failure(of request: HTTPRequest) async throws -> String {
        do {
            let response = try await DefaultTransport.make().send(request)
            return "\(request.method) \(request.url.absoluteString) unexpectedly answered \(response.status)"
        } catch let error as TransportError {
            let verdict = error.requestSent ? "the server may have acted on it" : "safe to retry: nothing left"
            return "\(request.method) \(request.url.absoluteString) failed: URLError \(error.code.rawValue), "
                + "requestSent=\(error.requestSent) (\(verdict))"
        }
    }

    /// A loopback URL nothing listens on: a port the kernel just handed out and took back.
    private static func closedPortURL() async throws -> URL {
        let probe = HTTPServer { _ in HTTPServerResponse(status: 204) }
        let port = try probe.start()
        await probe.shutdown()
        return URL(string: "http://127.0.0.1:\(port)/")!
    }
}
