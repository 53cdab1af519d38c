import ErrorCore
import Foundation
import SDKTransport
import TestSupport
import Testing

/// The behaviour every ``Transport`` must share, run against both implementations and the in-repo
/// HTTP server on 127.0.0.1 (CurlTransport three ways: see ``TransportKind``). Where URLSession cannot do
/// what curl does, the test says so explicitly for `.urlSession` and keeps curl's check whole.
@Suite(.hangGuard) struct TransportConformanceTests {
    static let kinds = TransportKind.allCases

    /// Runs `body` with a fresh transport and server, on the transport's own thread for `curlExecutor` (the
    /// suite's hang guard ends a broken transport).
    func withServer(
        _ kind: TransportKind, transport: (any Transport)? = nil,
        _ body: @escaping @Sendable (any Transport, TransportTestServer) async throws -> Void
    ) async throws {
        let transport = transport ?? kind.makeTransport()
        try await TransportTestServer.with { server in
            try await kind.run(on: transport) { try await body(transport, server) }
        }
    }

    func echoed(_ response: HTTPResponse) throws -> TransportEchoedRequest {
        try JSONDecoder().decode(TransportEchoedRequest.self, from: response.body)
    }

    @Test(arguments: kinds, ["GET", "POST", "PUT", "PATCH", "DELETE", "QUERY"])
    func methodHeadersAndBodyRoundTripExactly(kind: TransportKind, method: String) async throws {
        try await withServer(kind) { transport, server in
            // Every byte value, so no text encoding can sneak in. URLSession cannot send a GET body
            // (see `urlSessionRefusesAGetBodyUnsent`), so its GET goes without one.
            let body =
                kind == .urlSession && method == "GET"
                ? Data() : Data((0...255).map { UInt8($0) } + Array("é\r\n".utf8))
            let request = HTTPRequest(
                method: method, url: server.url("/echo/path?q=a%20b&x=1"),
                headers: [
                    "X-Request-ID": "req-42", "Content-Type": "application/octet-stream", "Accept": "application/json",
                ],
                body: body)
            let response = try await transport.send(request)
            #expect(response.status == 200)
            let echo = try echoed(response)
            #expect(echo.method == method)
            #expect(echo.target == "/echo/path?q=a%20b&x=1")
            #expect(echo.body == body)
            #expect(echo.values(for: "X-Request-ID") == ["req-42"])
            #expect(echo.values(for: "Content-Type") == ["application/octet-stream"])
            #expect(echo.values(for: "Content-Length") == (body.isEmpty && method == "GET" ? [] : ["\(body.count)"]))
            #expect(echo.values(for: "Accept") == ["application/json"])
            #expect(echo.values(for: "Expect").isEmpty)
            #expect(echo.values(for: "Transfer-Encoding").isEmpty)
        }
    }

    @Test(arguments: kinds)
    func requestWithoutBodySendsNoneOrAnEmptyOne(kind: TransportKind) async throws {
        try await withServer(kind) { transport, server in
            let get = try echoed(try await transport.send(HTTPRequest(url: server.url("/echo"))))
            #expect(get.body.isEmpty)
            #expect(get.values(for: "Content-Length").allSatisfy { $0 == "0" })
            let post = try echoed(try await transport.send(HTTPRequest(method: "POST", url: server.url("/echo"))))
            #expect(post.body.isEmpty)
            #expect(post.values(for: "Content-Length") == ["0"])
            // Content-Type is sent only as the caller set it (curl); URLSession adds a form type to
            // a POST with a body, and the test pins that difference down.
            let withBody = try echoed(
                try await transport.send(HTTPRequest(method: "POST", url: server.url("/echo"), body: Data("x".utf8))))
            switch kind {
            #if canImport(CCurl)
                case .curl, .curlEngine, .curlExecutor: #expect(withBody.values(for: "Content-Type").isEmpty)
            #endif
            case .urlSession:
                #expect(withBody.values(for: "Content-Type") == ["application/x-www-form-urlencoded"])
            }
        }
    }

    @Test(arguments: kinds)
    func largeUploadCarriesNoExpect(kind: TransportKind) async throws {
        try await withServer(kind) { transport, server in
            let body = TransportTestKit.patternBytes(3_000_000, seed: 7)
            // curl adds Expect: 100-continue above 1 MiB unless suppressed (and may wait a second for
            // the interim answer); the server must see no Expect at all.
            let response = try await transport.send(
                HTTPRequest(
                    method: "PUT", url: server.url("/echo"), headers: ["Content-Type": "application/octet-stream"],
                    body: body))
            let echo = try echoed(response)
            #expect(echo.values(for: "Expect").isEmpty)
            #expect(echo.body == body)
        }
    }

    @Test(arguments: kinds, [200, 201, 204, 400, 404, 409, 500, 503])
    func statusCodesComeBackAsResponses(kind: TransportKind, status: Int) async throws {
        try await withServer(kind) { transport, server in
            let response = try await transport.send(HTTPRequest(url: server.url("/status/\(status)")))
            #expect(response.status == status)
            #expect(response.body == (status == 204 ? Data() : Data("status \(status)".utf8)))
            if status != 204 { #expect(response.headers["content-type"] == "text/plain") }
        }
    }

    @Test(arguments: kinds)
    func responseHeadersArriveInOrder(kind: TransportKind) async throws {
        try await withServer(kind) { transport, server in
            let response = try await transport.send(HTTPRequest(url: server.url("/response-headers")))
            #expect(response.headers["x-spaced"] == "padded value")
            #expect(response.headers["X-Empty"] == "")
            switch kind {
            #if canImport(CCurl)
                case .curl, .curlEngine, .curlExecutor:
                    #expect(response.headers.values(for: "x-multi") == ["first", "second"])
            #endif
            case .urlSession:
                // URLSession folds repeated fields into one comma-joined value.
                #expect(response.headers.values(for: "x-multi") == ["first, second"])
            }
        }
    }

    @Test(arguments: kinds)
    func largeBodyArrivesIntact(kind: TransportKind) async throws {
        try await withServer(kind) { transport, server in
            let response = try await transport.send(HTTPRequest(url: server.url("/bytes/6000000")))
            #expect(response.body.count == 6_000_000)
            #expect(response.body == TransportTestKit.patternBytes(6_000_000))
        }
    }

    @Test(arguments: kinds)
    func gzipBodyIsDecoded(kind: TransportKind) async throws {
        try await withServer(kind) { transport, server in
            let response = try await transport.send(HTTPRequest(url: server.url("/gzip")))
            #expect(response.status == 200)
            #expect(response.body == Data(String(repeating: "hello gzip ", count: 1000).utf8))
            let echo = try echoed(try await transport.send(HTTPRequest(url: server.url("/echo"))))
            #expect(echo.values(for: "Accept-Encoding").first?.contains("gzip") == true)
        }
    }

    @Test(arguments: kinds)
    func redirectIsReturnedNotFollowed(kind: TransportKind) async throws {
        try await withServer(kind) { transport, server in
            let response = try await transport.send(
                HTTPRequest(
                    method: "POST", url: server.url("/redirect"), headers: ["Authorization": "Bearer secret"],
                    body: Data("pay".utf8)))
            #expect(response.status == 302)
            #expect(response.headers["Location"] == "/echo")
            #expect(response.body == Data("see /echo".utf8))
            #expect(server.requestCount("/echo") == 0)
        }
    }

    /// The shape of the backend-errors vector: an absolute `Location` on another host, no body.
    @Test(arguments: kinds, ["GET", "POST"])
    func redirectToAnotherHostIsReturnedNotFollowed(kind: TransportKind, method: String) async throws {
        try await withServer(kind) { transport, server in
            let response = try await transport.send(
                HTTPRequest(
                    method: method, url: server.url("/redirect-away"), body: method == "POST" ? Data("x".utf8) : nil))
            #expect(response.status == 302)
            #expect(response.headers["Location"] == "https://elsewhere.example/")
            #expect(response.body.isEmpty)
        }
    }

    /// A 3xx with nothing to follow is still the answer, buffered or streamed.
    @Test(arguments: kinds, [301, 302, 303, 307, 308])
    func redirectWithoutLocationIsReturned(kind: TransportKind, status: Int) async throws {
        try await withServer(kind) { transport, server in
            var body = Data("nowhere".utf8)
            #if canImport(FoundationNetworking)
                // FoundationNetworking keeps the body of a 3xx it has no Location to follow to itself;
                // only the head reaches the transport (see URLSessionTransport).
                if kind == .urlSession { body = Data() }
            #endif
            let response = try await transport.send(HTTPRequest(url: server.url("/redirect-nowhere/\(status)")))
            #expect(response.status == status)
            #expect(response.headers["X-Request-Id"] == "req-nowhere")
            #expect(response.body == body)
            let streamed = try await transport.stream(HTTPRequest(url: server.url("/redirect-nowhere/\(status)")))
            #expect(streamed.status == status)
            #expect(streamed.headers["X-Request-Id"] == "req-nowhere")
            var received = Data()
            for try await chunk in streamed.body { received.append(chunk) }
            #expect(received == body)
        }
    }

    @Test(arguments: kinds)
    func sixtyFourConcurrentRequestsAllCorrect(kind: TransportKind) async throws {
        try await withServer(kind) { transport, server in
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<64 {
                    group.addTask {
                        let body = TransportTestKit.patternBytes(1000 + index, seed: index)
                        let response = try await transport.send(
                            HTTPRequest(method: "POST", url: server.url("/echo/\(index)"), body: body))
                        let echo = try JSONDecoder().decode(TransportEchoedRequest.self, from: response.body)
                        #expect(echo.target == "/echo/\(index)")
                        #expect(echo.body == body)
                    }
                }
                try await group.waitForAll()
            }
            #expect(server.requestCount("/echo/0") == 1)
        }
    }

    /// One connection for five requests; except URLSession on Linux, which never reuses one (each
    /// request asks for `Connection: close`; see `URLSessionTransport`).
    @Test(arguments: kinds)
    func sequentialRequestsReuseTheConnection(kind: TransportKind) async throws {
        #if canImport(FoundationNetworking)
            let expected = kind == .urlSession ? 5 : 1
        #else
            let expected = 1
        #endif
        try await withServer(kind) { transport, server in
            var connections: Set<Int> = []
            var ports: Set<Int> = []
            for _ in 0..<5 {
                let echo = try echoed(try await transport.send(HTTPRequest(url: server.url("/echo"))))
                connections.insert(echo.connectionID)
                ports.insert(echo.remotePort)
            }
            #expect(connections.count == expected)
            #expect(ports.count == expected)
        }
    }

    /// A `POST` whose connection the server closes without an answer fails with `requestSent` and is
    /// never resent behind the caller's back, since the server may have executed it. curl would resend
    /// it on a fresh connection after a reused one died; FoundationNetworking would resend it without
    /// its body, and the server would wait for that body until its own timeout.
    @Test(arguments: kinds)
    func aPostWhoseConnectionDiesWithoutAnAnswerIsNeverResent(kind: TransportKind) async throws {
        try await withServer(kind) { transport, server in
            // The 1st request opens the connection (curl keeps it); the server answers the 2nd by closing.
            let first = try await transport.send(HTTPRequest(method: "POST", url: server.url("/second-fails")))
            #expect(first.body == Data("answer 1".utf8))
            let started = ContinuousClock.now
            let error = await #expect(throws: TransportError.self) {
                try await transport.send(
                    HTTPRequest(
                        method: "POST", url: server.url("/second-fails"), body: Data("pay".utf8),
                        timeout: .seconds(60)))
            }
            #expect(error?.requestSent == true)
            if kind != .urlSession { #expect(error?.code == .networkConnectionLost) }
            // Well under the scripted server's 10 s read timeout that a body-less resend would wait out.
            #expect(ContinuousClock.now - started < .seconds(8), "failed when the connection closed")
            #expect(server.requestCount("/second-fails") == 2)
        }
    }

    @Test(
        arguments: kinds,
        [
            ("ftp://127.0.0.1/file", URLError.Code.unsupportedURL),
            ("file:///etc/passwd", .unsupportedURL),
            ("http:///no-host", .badURL),
            ("mailto:someone@example.com", .unsupportedURL),
        ])
    func unusableURLIsRejectedUnsent(kind: TransportKind, vector: (url: String, code: URLError.Code)) async throws {
        let (url, code) = vector
        let transport = kind.makeTransport()
        let error = await #expect(throws: TransportError.self) {
            try await transport.send(HTTPRequest(url: URL(string: url)!))
        }
        #expect(error?.code == code)
        #expect(error?.requestSent == false)
    }

    @Test func urlSessionRefusesAGetBodyUnsent() async throws {
        let error = await #expect(throws: TransportError.self) {
            try await URLSessionTransport().send(
                HTTPRequest(url: URL(string: "http://127.0.0.1:9/")!, body: Data("x".utf8)))
        }
        #expect(error?.code == .dataLengthExceedsMaximum)
        #expect(error?.requestSent == false)
    }

    @Test(arguments: kinds)
    func headerInjectionIsRejectedUnsent(kind: TransportKind) async throws {
        try await withServer(kind) { transport, server in
            let error = await #expect(throws: TransportError.self) {
                try await transport.send(
                    HTTPRequest(url: server.url("/echo"), headers: ["X-Evil": "a\r\nX-Injected: 1"]))
            }
            #expect(error?.code == .badURL)
            #expect(error?.requestSent == false)
            #expect(error?.message.contains("X-Injected") == false)
            #expect(server.requestCount("/echo") == 0)
        }
    }
}
