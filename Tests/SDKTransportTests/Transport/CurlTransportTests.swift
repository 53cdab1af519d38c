#if canImport(CCurl)
    import CCurl
    import Foundation
    import HTTPServer
    import TestSupport
    import Testing

    @testable import SDKTransport

    /// What only the curl transport promises: exact `requestSent` around curl's automatic resend,
    /// bounded stream buffering, connection reuse over many requests, and the request it puts on the wire.
    @Suite(.hangGuard) struct CurlTransportTests {
        func withServer(
            _ transport: CurlTransport = CurlTransport(),
            _ body: @escaping @Sendable (CurlTransport, TransportTestServer) async throws -> Void
        ) async throws {
            try await TransportTestServer.with { server in try await body(transport, server) }
        }

        /// Each exchange keeps its own timeout: a 300 ms one that starts while a 60 s stream is pending fires on
        /// time (missing it, the request would get its answer after 30 s and throw nothing) and leaves the
        /// stream alone.
        @Test func aShortExchangeDeadlineFiresWhileALongerOneIsPending() async throws {
            try await withServer { transport, server in
                let long = try await transport.stream(
                    HTTPRequest(url: server.url("/silent-stream"), timeout: .seconds(60)))
                let reader = Task { () -> (any Error)? in
                    do {
                        for try await _ in long.body {}
                        return nil
                    } catch {
                        return error
                    }
                }
                let error = await #expect(throws: TransportError.self) {
                    try await transport.send(HTTPRequest(url: server.url("/delay/30000"), timeout: .milliseconds(300)))
                }
                #expect(error?.code == .timedOut)
                // The longer exchange was left alone: its reader ends only when cancelled.
                reader.cancel()
                let ended = await reader.value
                #expect(ended is CancellationError)
            }
        }

        /// The connect limit covers the TLS handshake: a server that takes the TCP connection and never answers
        /// the client's hello ends the request at the connect limit, as never sent, and not at the exchange's
        /// own (60 s, which the message would name).
        @Test func theConnectLimitEndsAHandshakeThatNeverCompletes() async throws {
            var configuration = CurlTransport.Configuration()
            configuration.connectTimeout = .milliseconds(300)
            let transport = CurlTransport(configuration: configuration)
            let silent = try SilentPort()
            let clock = ContinuousClock()
            let start = clock.now
            let error = await #expect(throws: TransportError.self) {
                try await transport.send(
                    HTTPRequest(
                        method: "POST", url: URL(string: "https://127.0.0.1:\(silent.port)/pay")!,
                        body: Data("{}".utf8), timeout: .seconds(60)))
            }
            withExtendedLifetime(silent) {}
            #expect(error?.code == .timedOut)
            #expect(error?.requestSent == false)
            #expect(error?.message == "no connection within 300 ms")
            #expect(clock.now - start >= .milliseconds(300))
        }

        /// Once the request can be written, the connect limit is over: a response that takes longer than it
        /// (five pieces 700 ms apart, after a 2 s connect limit) arrives whole. The first request opens the
        /// connection; the second reuses it, so curl has it in the same call that attaches the transfer, and no
        /// wait for the scheduler can fall between the two.
        @Test func theConnectLimitEndsOnceTheRequestCanBeWritten() async throws {
            var configuration = CurlTransport.Configuration()
            configuration.connectTimeout = .seconds(2)
            try await withServer(CurlTransport(configuration: configuration)) { transport, server in
                _ = try await transport.send(HTTPRequest(url: server.url("/bytes/10")))
                let response = try await transport.send(HTTPRequest(url: server.url("/trickle/5/700")))
                #expect(response.status == 200)
                #expect(response.body == Data((0..<5).map { "piece \($0)\n" }.joined().utf8))
            }
        }

        /// A deadline that comes while the caller waits for its answer on its own thread (the inline wait)
        /// still ends the exchange: the engine thread takes it over and enforces it.
        @Test func aDeadlineWithinTheInlineWaitStillEndsTheExchange() async throws {
            var configuration = CurlTransport.Configuration()
            configuration.inlineWait = .seconds(1)
            try await withServer(CurlTransport(configuration: configuration)) { transport, server in
                let error = await #expect(throws: TransportError.self) {
                    try await transport.send(HTTPRequest(url: server.url("/delay/30000"), timeout: .milliseconds(5)))
                }
                #expect(error?.code == .timedOut)
                #expect(error?.message == "no complete response within 5 ms")
            }
        }

        /// After a request the engine thread sleeps until something happens (at most a second at a time).
        /// curl's timer is one-shot: a run of it after which curl asks for no other used to leave the deadline
        /// a millisecond on, and then the engine woke every millisecond, idle, for good. Under load the
        /// engine wakes less often, never more, so the bound holds on any machine.
        @Test func anIdleEngineSleeps() async throws {
            try await withServer { transport, server in
                for _ in 0..<3 { _ = try await transport.send(HTTPRequest(url: server.url("/bytes/10"))) }
                let engine = try #require(transport.engine)
                let before = engine.loopPasses()
                try await Task.sleep(for: .milliseconds(300))
                #expect(engine.loopPasses() - before <= 5)
            }
        }

        /// The engine's thread carries its name to the OS, where `ps -L`, `top -H` and `perf` read it.
        @Test func theEngineThreadIsNamedForTheOS() async throws {
            let transport = CurlTransport()
            let engine = try #require(transport.engine)
            // The loop's first pass comes after the thread named itself.
            while engine.loopPasses() == 0 { await Task.yield() }
            let threads = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")
            let names = threads.compactMap {
                try? String(contentsOfFile: "/proc/self/task/\($0)/comm", encoding: .utf8)
            }
            #expect(names.contains("CurlTransport\n"))
        }

        @Test func getIsResentTransparentlyWhenAReusedConnectionDies() async throws {
            try await withServer { transport, server in
                _ = try await transport.send(HTTPRequest(url: server.url("/second-fails")))
                let retried = try await transport.send(HTTPRequest(url: server.url("/second-fails")))
                #expect(retried.body == Data("answer 3".utf8))
                #expect(server.requestCount("/second-fails") == 3)
            }
        }

        @Test func slowConsumerPausesTheTransferAndLosesNothing() async throws {
            try await withServer { transport, server in
                let total = 8 << 20
                let response = try await transport.stream(HTTPRequest(url: server.url("/fast-stream/\(total)")))
                // Read nothing until the transport has paused: without backpressure it would keep reading
                // into memory and never pause, and the deadline would fail the test.
                await response.body.buffer.waitForProducerPause()
                let bound = transport.configuration.streamBufferBytes + Int(CURL_MAX_WRITE_SIZE)
                #expect(response.body.buffer.peakBufferedBytes <= bound)
                var received = Data()
                received.reserveCapacity(total)
                for try await chunk in response.body { received.append(chunk) }
                #expect(received == TransportTestKit.patternBytes(total))
                #expect(response.body.buffer.peakBufferedBytes <= bound)
            }
        }

        @Test func idleClockStopsWhileTheConsumerHoldsThePausedTransfer() async throws {
            var configuration = CurlTransport.Configuration()
            configuration.streamBufferBytes = 64 << 10
            try await withServer(CurlTransport(configuration: configuration)) {
                transport, server in
                // Twice the buffer: the transfer pauses with the rest already in the sockets' buffers, so once
                // the consumer reads again nothing waits on the server (whose tasks share the cooperative pool
                // with every parallel test); the limit then only covers the head and the first 64 KiB.
                let total = 128 << 10
                let limit = Duration.seconds(2)
                let response = try await transport.stream(
                    HTTPRequest(url: server.url("/fast-stream/\(total)"), idleTimeout: limit))
                await response.body.buffer.waitForProducerPause()
                await server.fastStreamWritten.wait()
                // The consumer is busy elsewhere for 2.5 idle limits while its buffer is full and the
                // transfer paused (the slowness is the server's: this request takes 5 s to answer).
                let clock = ContinuousClock()
                let start = clock.now
                let busy = try await transport.send(HTTPRequest(url: server.url("/delay/5000")))
                #expect(busy.status == 200)
                #expect(clock.now - start >= limit * 2)
                var received = Data()
                received.reserveCapacity(total)
                for try await chunk in response.body { received.append(chunk) }
                #expect(received == TransportTestKit.patternBytes(total))
            }
        }

        /// The pooled handle keeps its last request's options and sets only what differs: in any order, each
        /// request goes out as its own, with nothing (method, body, header list, encodings) of the one before.
        @Test func aReusedHandleCarriesNothingOfItsLastRequest() async throws {
            try await withServer { transport, server in
                let url = server.url("/echo")
                let steps: [(method: String, body: Data?, headers: HTTPHeaders)] = [
                    ("GET", nil, [:]), ("POST", Data("one".utf8), ["Content-Type": "text/plain"]), ("GET", nil, [:]),
                    ("PUT", Data("two".utf8), [:]), ("DELETE", nil, ["X-Trace": "3"]),
                    ("GET", nil, ["Accept-Encoding": "identity"]), ("GET", nil, [:]), ("QUERY", Data("q".utf8), [:]),
                    ("POST", nil, [:]), ("GET", nil, ["X-Trace": "9"]), ("GET", nil, [:]),
                ]
                for step in steps {
                    let response = try await transport.send(
                        HTTPRequest(method: step.method, url: url, headers: step.headers, body: step.body))
                    let echoed = try JSONDecoder().decode(TransportEchoedRequest.self, from: response.body)
                    #expect(echoed.method == step.method)
                    #expect(echoed.body == (step.body ?? Data()))
                    func value(_ name: String) -> String? {
                        echoed.headers.first { $0[0].lowercased() == name }?[1]
                    }
                    #expect(value("x-trace") == step.headers.values(for: "X-Trace").first)
                    #expect(value("content-type") == step.headers.values(for: "Content-Type").first)
                    #expect(value("expect") == nil)
                    let encodings = value("accept-encoding") ?? ""
                    if step.headers.contains("Accept-Encoding") {
                        #expect(encodings == "identity")
                    } else {
                        #expect(encodings.contains("gzip"))
                    }
                }
                // A HEAD leaves curl's no-body option set: the GET after it must still get its body.
                let head = try await transport.send(HTTPRequest(method: "HEAD", url: url))
                #expect(head.status == 200 && head.body.isEmpty)
                let after = try await transport.send(HTTPRequest(url: url))
                #expect(try JSONDecoder().decode(TransportEchoedRequest.self, from: after.body).method == "GET")
            }
        }

        @Test func idleLimitsRoundUpToWholeMilliseconds() {
            #expect(CurlTransfer.limitNanoseconds(.microseconds(1500)) == 2_000_000)
            #expect(CurlTransfer.limitNanoseconds(.zero) == 1_000_000)
            #expect(CurlTransfer.limitNanoseconds(.seconds(Int64.max)) == (1 << 42) * 1_000_000)
        }

        @Test func anAbandonedStreamThatEndsSoonKeepsItsConnection() async throws {
            // The server's pieces 10 ms apart can be held up for seconds on a loaded machine, far past the
            // default 250 ms window; a window that long keeps this about an ending stream, not a late one.
            var configuration = CurlTransport.Configuration()
            configuration.drainWindow = .seconds(8)
            try await withServer(CurlTransport(configuration: configuration)) {
                transport, server in
                let before = try await transport.send(HTTPRequest(url: server.url("/echo")))
                let connection = try JSONDecoder().decode(TransportEchoedRequest.self, from: before.body).connectionID
                let response = try await transport.stream(HTTPRequest(url: server.url("/trickle/3/10")))
                for try await _ in response.body { break }
                // The rest (two pieces, then the end) comes within the drain window: read and dropped, and
                // the connection stays open (a cut would close it at once).
                await server.trickleWritten.wait()
                #expect(await !server.server.waitForOpenConnections(atMost: 0, timeout: .milliseconds(600)))
                // ...and carries the next request: the same connection as before the stream.
                let after = try await transport.send(HTTPRequest(url: server.url("/echo")))
                #expect(
                    try JSONDecoder().decode(TransportEchoedRequest.self, from: after.body).connectionID == connection)
                #expect(server.server.openConnectionCount == 1)
            }
        }

        @Test func anAbandonedStreamThatDoesNotEndIsClosedAfterTheDrainWindow() async throws {
            try await withServer { transport, server in
                let response = try await transport.stream(HTTPRequest(url: server.url("/endless-stream")))
                let clock = ContinuousClock()
                var left = clock.now
                for try await _ in response.body {
                    left = clock.now
                    break
                }
                // The server notices on its first write after the transport gave up (it writes every 20 ms).
                await server.clientLeftStream.wait()
                let elapsed = try #require(server.clientLeftStream.firedAt) - left
                #expect(elapsed >= .milliseconds(200))
                // An endless stream left open would never fire; the bound only leaves room for a loaded machine.
                #expect(elapsed < .seconds(10))
                #expect(await server.server.waitForOpenConnections(atMost: 0))
            }
        }

        @Test func anAbandonedFloodIsClosedRatherThanReadToItsEnd() async throws {
            try await withServer { transport, server in
                // 1 GiB as fast as the client takes it: far past the drain budget.
                let response = try await transport.stream(HTTPRequest(url: server.url("/fast-stream/1073741824")))
                for try await _ in response.body { break }
                await server.clientLeftStream.wait()
                #expect(await server.server.waitForOpenConnections(atMost: 0))
            }
        }

        @Test func hundredSequentialRequestsShareOneConnection() async throws {
            try await withServer { transport, server in
                var connections: Set<Int> = []
                for _ in 0..<100 {
                    let response = try await transport.send(HTTPRequest(url: server.url("/echo")))
                    connections.insert(
                        try JSONDecoder().decode(TransportEchoedRequest.self, from: response.body).connectionID)
                }
                #expect(connections.count == 1)
            }
        }

        @Test func requestCarriesOnlyWhatTheCallerSet() async throws {
            try await withServer { transport, server in
                let response = try await transport.send(
                    HTTPRequest(
                        method: "PATCH", url: server.url("/echo"),
                        headers: ["X-Empty": "", "Content-Length": "999", "X-Twice": "1", "x-twice": "2"],
                        body: Data("{}".utf8)))
                let echo = try JSONDecoder().decode(TransportEchoedRequest.self, from: response.body)
                #expect(echo.values(for: "X-Empty") == [""])
                #expect(echo.values(for: "Content-Length") == ["2"])
                #expect(echo.values(for: "X-Twice") == ["1", "2"])
                #expect(echo.values(for: "Accept") == ["*/*"])
                #expect(echo.values(for: "Content-Type").isEmpty)
                #expect(echo.values(for: "User-Agent").isEmpty)
                #expect(echo.values(for: "Expect").isEmpty)
            }
        }

        @Test func callerAcceptEncodingGetsTheRawBody() async throws {
            try await withServer { transport, server in
                let response = try await transport.send(
                    HTTPRequest(url: server.url("/gzip"), headers: ["Accept-Encoding": "gzip"]))
                #expect(response.headers["Content-Encoding"] == "gzip")
                #expect(response.body.starts(with: [0x1F, 0x8B]))
            }
        }

        @Test func headReturnsTheHeadOnly() async throws {
            try await withServer { transport, server in
                let response = try await transport.send(HTTPRequest(method: "HEAD", url: server.url("/bytes/5000")))
                #expect(response.status == 200)
                #expect(response.headers["Content-Length"] == "5000")
                #expect(response.body.isEmpty)
            }
        }

        @Test func streamKeepsWorkingAfterItsTransportIsGone() async throws {
            let server = try TransportTestServer()
            let response = try await CurlTransport().stream(HTTPRequest(url: server.url("/gated-stream")))
            server.clientSawFirstChunk.fire()
            #expect(try await response.body.collect(upTo: 100) == Data("onetwothree".utf8))
            await server.shutdown()
        }

        @Test func droppingAnUnreadStreamAbandonsIt() async throws {
            try await withServer { transport, server in
                do {
                    let response = try await transport.stream(HTTPRequest(url: server.url("/endless-stream")))
                    #expect(response.status == 200)
                }
                await server.clientLeftStream.wait()
            }
        }

        @Test func cancellingManyRequestsLeavesTheTransportHealthy() async throws {
            // Answers 30 s away: a cancel held up for seconds in the loaded parallel suite still beats them.
            try await withServer { transport, server in
                let tasks = (0..<32).map { _ in
                    Task { try await transport.send(HTTPRequest(url: server.url("/delay/30000"))) }
                }
                await server.waitForRequest(to: "/delay/30000")
                for task in tasks { task.cancel() }
                for task in tasks {
                    await #expect(throws: CancellationError.self) { try await task.value }
                }
                let after = try await transport.send(HTTPRequest(url: server.url("/status/200")))
                #expect(after.status == 200)
            }
        }

        @Test(arguments: [
            (Duration.zero, 1), (.nanoseconds(1), 1), (.microseconds(1500), 2), (.milliseconds(200), 200),
            (.seconds(3), 3000), (.seconds(-1), 1),
        ])
        func timeoutsRoundUpToWholeMilliseconds(duration: Duration, milliseconds: Int) {
            #expect(CurlTransfer.milliseconds(duration) == milliseconds)
        }

        @Test(arguments: [
            (CURLE_COULDNT_CONNECT, "", URLError.Code.cannotConnectToHost),
            (CURLE_COULDNT_RESOLVE_HOST, "", .cannotFindHost),
            (CURLE_OPERATION_TIMEDOUT, "", .timedOut),
            (CURLE_GOT_NOTHING, "", .networkConnectionLost),
            (CURLE_PARTIAL_FILE, "", .networkConnectionLost),
            (CURLE_RECV_ERROR, "Connection reset by peer", .networkConnectionLost),
            (CURLE_RECV_ERROR, "Illegal or missing hexadecimal sequence in chunked-encoding", .badServerResponse),
            (CURLE_SSL_CONNECT_ERROR, "", .secureConnectionFailed),
            (CURLE_PEER_FAILED_VERIFICATION, "", .serverCertificateUntrusted),
            (CURLE_BAD_CONTENT_ENCODING, "", .cannotDecodeContentData),
            (CURLE_FILESIZE_EXCEEDED, "", .dataLengthExceedsMaximum),
            (CURLE_URL_MALFORMAT, "", .badURL),
            (CURLE_UNSUPPORTED_PROTOCOL, "", .unsupportedURL),
            (CURLE_OUT_OF_MEMORY, "Rejected 102401 bytes header (max is 102400)!", .badServerResponse),
        ])
        func curlResultsMapToURLErrorCodes(result: CURLcode, message: String, code: URLError.Code) {
            #expect(CurlErrorMapping.code(for: result, message: message, handle: nil) == code)
        }

        @Test func urlThatCurlRejectsIsNeverSent() async throws {
            // Foundation accepts the port; curl refuses it while parsing, before any connection.
            let error = await #expect(throws: TransportError.self) {
                try await CurlTransport().send(HTTPRequest(url: URL(string: "http://127.0.0.1:99999/")!))
            }
            #expect(error?.code == .badURL)
            #expect(error?.requestSent == false)
        }

        /// The transport sends the `Accept-Encoding` field itself (curl would format it anew for every
        /// request): it must be exactly the one curl sends for `CURLOPT_ACCEPT_ENCODING` "", sent once, and
        /// bodies must still be decoded, whichever header list the request goes out with.
        @Test func theOfferedEncodingsAreCurlsOwnAndStillDecoded() async throws {
            try await withServer { transport, server in
                let url = server.url("/echo")
                let curls = try #require(Self.acceptEncodingCurlSends(to: url))
                let requests = [
                    HTTPRequest(url: url),  // no fields: the handle's own list
                    HTTPRequest(url: url, headers: ["X-Trace": "1"]),  // a list of the request's own
                    HTTPRequest(method: "POST", url: url, body: Data("b".utf8)),
                    HTTPRequest(url: url),  // back to the handle's list after one of its own
                ]
                for request in requests {
                    let echoed = try JSONDecoder().decode(
                        TransportEchoedRequest.self, from: try await transport.send(request).body)
                    let offered = echoed.headers.filter { $0[0].lowercased() == "accept-encoding" }.map { $0[1] }
                    #expect(offered == [curls], "\(request.method) \(request.headers)")
                }
                let hello = Data(String(repeating: "hello gzip ", count: 1000).utf8)
                for headers: HTTPHeaders in [[:], ["X-Trace": "2"]] {
                    let response = try await transport.send(HTTPRequest(url: server.url("/gzip"), headers: headers))
                    #expect(response.body == hello)
                }
            }
        }

        /// What a bare easy handle with `CURLOPT_ACCEPT_ENCODING` "" sends as `Accept-Encoding` to `/echo`.
        static func acceptEncodingCurlSends(to url: URL) -> String? {
            final class Sink { var body = Data() }
            guard let easy = curl_easy_init() else { return nil }
            defer { curl_easy_cleanup(easy) }
            let sink = Sink()
            _ = sdk_curl_easy_setopt_long(easy, CURLOPT_NOSIGNAL, 1)
            _ = url.absoluteString.withCString { sdk_curl_easy_setopt_string(easy, CURLOPT_URL, $0) }
            _ = sdk_curl_easy_setopt_string(easy, CURLOPT_ACCEPT_ENCODING, "")
            _ = sdk_curl_easy_setopt_pointer(easy, CURLOPT_WRITEDATA, Unmanaged.passUnretained(sink).toOpaque())
            _ = sdk_curl_easy_setopt_write_function(easy) { buffer, size, count, context in
                guard let buffer, let context else { return 0 }
                Unmanaged<Sink>.fromOpaque(context).takeUnretainedValue().body.append(
                    UnsafeRawPointer(buffer).assumingMemoryBound(to: UInt8.self), count: size * count)
                return size * count
            }
            guard curl_easy_perform(easy) == CURLE_OK,
                let echoed = try? JSONDecoder().decode(TransportEchoedRequest.self, from: sink.body)
            else { return nil }
            return withExtendedLifetime(sink) {
                echoed.headers.first { $0[0].lowercased() == "accept-encoding" }?[1]
            }
        }

        /// Which variables make the handles leave the proxy to curl's own reading of the environment (the
        /// end-to-end behaviour is in `ProxyEnvironmentTests`, which runs the CLI with each).
        @Test func anyProxyVariableLeavesTheProxyToCurl() {
            for name in CurlEasyHandle.proxyVariables {
                #expect(CurlEasyHandle.environmentNamesAProxy { $0 == name ? "http://proxy.example:3128" : nil })
                // Set but empty still counts: curl then reads it, and finds no proxy, itself.
                #expect(CurlEasyHandle.environmentNamesAProxy { $0 == name ? "" : nil })
            }
            // Neither names a proxy on its own: curl ignores `HTTP_PROXY`, and `no_proxy` only exempts hosts.
            let others = ["HTTP_PROXY": "http://proxy.example:3128", "no_proxy": "*", "NO_PROXY": "*"]
            #expect(!CurlEasyHandle.environmentNamesAProxy { others[$0] })
        }
    }
#endif
