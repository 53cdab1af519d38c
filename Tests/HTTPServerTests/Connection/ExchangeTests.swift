import Foundation
import HTTPServer
import TestSupport
import Testing

/// Well-formed exchanges: methods, bodies, keep-alive, pipelining, 100-continue.
@Suite(.hangGuard)
struct ExchangeTests {
    @Test func getReportsMethodPathAndQueryAsReceived() async throws {
        try await ServerTestHarness.withServer(handler: EchoReport.handler) { server in
            let client = try await ServerTestClient.connect(port: server.port)
            try await client.send("GET /todos/%C3%A9?page=1&q=a%20b HTTP/1.1\r\nHost: x\r\nX-Trace: t1\r\n\r\n")
            let response = try await client.readResponse()
            #expect(response.status == 200)
            #expect(response.headers["Content-Length"] == String(response.body.count))
            let report = try EchoReport.decode(response.body)
            #expect(report.method == "GET")
            #expect(report.target == "/todos/%C3%A9?page=1&q=a%20b")
            #expect(report.path == "/todos/%C3%A9")
            #expect(report.query == "page=1&q=a%20b")
            #expect(report.headers == ["Host: x", "X-Trace: t1"])
            #expect(report.remotePort == client.localPort)
        }
    }

    /// Issue 18: a CR in one read and its LF in the next got 400 and a close, losing the request behind it.
    @Test func anEmptyLineSplitAcrossReadsIsSkipped() async throws {
        try await ServerTestHarness.withServer(handler: EchoReport.handler) { server in
            let client = try await ServerTestClient.connect(port: server.port)
            try await client.send("\r")
            try await Task.sleep(for: .milliseconds(200))
            try await client.send("\nGET /after HTTP/1.1\r\nHost: x\r\n\r\n")
            let response = try await client.readResponse()
            #expect(response.status == 200)
            #expect(try EchoReport.decode(response.body).path == "/after")
        }
    }

    /// Issue 18: 100k leading CRLFs in one go got 400; they are skipped, and past a cap refused.
    @Test func manyLeadingEmptyLinesAreSkippedUpToACap() async throws {
        try await ServerTestHarness.withServer(handler: EchoReport.handler) { server in
            let client = try await ServerTestClient.connect(port: server.port)
            try await client.send(String(repeating: "\r\n", count: 100_000) + "GET /after HTTP/1.1\r\nHost: x\r\n\r\n")
            let response = try await client.readResponse()
            #expect(response.status == 200)
            #expect(try EchoReport.decode(response.body).path == "/after")

            let flood = try await ServerTestClient.connect(port: server.port)
            try await flood.send(String(repeating: "\r\n", count: 600_000))
            #expect(try await flood.readResponse().status == 400)
        }
    }

    @Test func postBodyByContentLengthReachesTheHandler() async throws {
        try await ServerTestHarness.withServer(handler: EchoReport.handler) { server in
            let client = try await ServerTestClient.connect(port: server.port)
            try await client.send("POST /notes HTTP/1.1\r\nHost: x\r\nContent-Length: 11\r\n\r\nhello world")
            let report = try EchoReport.decode(try await client.readResponse().body)
            #expect(report.method == "POST")
            #expect(report.body == "hello world")
            #expect(report.query == nil)
        }
    }

    @Test func keepAliveReusesTheConnection() async throws {
        try await ServerTestHarness.withServer(handler: EchoReport.handler) { server in
            let client = try await ServerTestClient.connect(port: server.port)
            try await client.send("GET /one HTTP/1.1\r\nHost: x\r\n\r\n")
            let first = try EchoReport.decode(try await client.readResponse().body)
            try await client.send("GET /two HTTP/1.1\r\nHost: x\r\n\r\n")
            let second = try EchoReport.decode(try await client.readResponse().body)
            #expect(first.connectionID == second.connectionID)
            #expect(first.remotePort == second.remotePort)
            #expect(second.path == "/two")

            let other = try await ServerTestClient.connect(port: server.port)
            try await other.send("GET /three HTTP/1.1\r\nHost: x\r\n\r\n")
            let third = try EchoReport.decode(try await other.readResponse().body)
            #expect(third.connectionID > second.connectionID)
        }
    }

    @Test func pipelinedRequestsAreAnsweredInOrder() async throws {
        // The first request is the slowest, so answering out of order would show.
        let handler: HTTPServer.Handler = { request in
            if request.path == "/0" { try? await Task.sleep(for: .milliseconds(50)) }
            return await EchoReport.handler(request)
        }
        try await ServerTestHarness.withServer(handler: handler) { server in
            let client = try await ServerTestClient.connect(port: server.port)
            var batch = ""
            for index in 0..<5 {
                batch += "POST /\(index) HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\n\r\n\(index)"
            }
            batch += "GET /last HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
            try await client.send(batch)
            for index in 0..<5 {
                let report = try EchoReport.decode(try await client.readResponse().body)
                #expect(report.path == "/\(index)")
                #expect(report.body == "\(index)")
            }
            let last = try await client.readResponse()
            #expect(try EchoReport.decode(last.body).path == "/last")
            #expect(last.closesConnection)
            #expect(try await client.readUntilClose().isEmpty)
        }
    }

    @Test func chunkedRequestBodyIsDechunked() async throws {
        try await ServerTestHarness.withServer(handler: EchoReport.handler) { server in
            let client = try await ServerTestClient.connect(port: server.port)
            try await client.send(
                "POST /upload HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
                    + "5\r\nhello\r\n1;ext=\"v\"\r\n \r\nA\r\n0123456789\r\n0\r\nX-Checksum: 1\r\n\r\n")
            let report = try EchoReport.decode(try await client.readResponse().body)
            #expect(report.body == "hello 0123456789")
            #expect(report.headers.contains("Transfer-Encoding: chunked"))
            // The connection is still usable: framing ended exactly at the last chunk.
            try await client.send("GET /after HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try EchoReport.decode(try await client.readResponse().body).path == "/after")
        }
    }

    @Test func expectContinueGetsAnInterimResponseBeforeTheBodyIsSent() async throws {
        try await ServerTestHarness.withServer(handler: EchoReport.handler) { server in
            let client = try await ServerTestClient.connect(port: server.port)
            try await client.send("PUT /big HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nExpect: 100-continue\r\n\r\n")
            let interim = try await client.readHead()
            #expect(interim.status == 100)
            try await client.send("data")
            let response = try await client.readResponse()
            #expect(response.status == 200)
            #expect(try EchoReport.decode(response.body).body == "data")
        }
    }

    @Test func clientThatHalfClosesStillGetsItsAnswer() async throws {
        try await ServerTestHarness.withServer(handler: EchoReport.handler) { server in
            let client = try await ServerTestClient.connect(port: server.port)
            try await client.send("POST /last HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nbye")
            await client.shutdownWriting()
            #expect(try EchoReport.decode(try await client.readResponse().body).body == "bye")
            #expect(try await client.readUntilClose().isEmpty)
        }
    }

    @Test func connectionCloseIsHonoured() async throws {
        try await ServerTestHarness.withServer(handler: EchoReport.handler) { server in
            let client = try await ServerTestClient.connect(port: server.port)
            try await client.send("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            let response = try await client.readResponse()
            #expect(response.status == 200)
            #expect(response.closesConnection)
            #expect(try await client.readUntilClose().isEmpty)
        }
    }

    @Test func handlerConnectionCloseIsHonoured() async throws {
        let handler: HTTPServer.Handler = { _ in
            HTTPServerResponse(headers: ["Connection": "close"], body: Data("x".utf8))
        }
        try await ServerTestHarness.withServer(handler: handler) { server in
            let client = try await ServerTestClient.connect(port: server.port)
            try await client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            let response = try await client.readResponse()
            #expect(response.closesConnection)
            #expect(response.headers.values(for: "Connection") == ["close"])
            #expect(await client.waitForClose(timeout: .seconds(5)))
        }
    }

    @Test func http10ClosesUnlessKeepAliveIsAsked() async throws {
        try await ServerTestHarness.withServer(handler: EchoReport.handler) { server in
            let plain = try await ServerTestClient.connect(port: server.port)
            try await plain.send("GET /a HTTP/1.0\r\n\r\n")
            let first = try await plain.readResponse()
            #expect(first.status == 200)
            #expect(first.closesConnection)
            #expect(await plain.waitForClose(timeout: .seconds(5)))

            let kept = try await ServerTestClient.connect(port: server.port)
            try await kept.send("GET /b HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            let second = try await kept.readResponse()
            #expect(second.headers["Connection"] == "keep-alive")
            try await kept.send("GET /c HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            #expect(try EchoReport.decode(try await kept.readResponse().body).path == "/c")
        }
    }

    @Test func headResponseDeclaresLengthButSendsNoBody() async throws {
        let handler: HTTPServer.Handler = { _ in HTTPServerResponse(body: Data("0123456789".utf8)) }
        try await ServerTestHarness.withServer(handler: handler) { server in
            let client = try await ServerTestClient.connect(port: server.port)
            try await client.send("HEAD / HTTP/1.1\r\nHost: x\r\n\r\nGET / HTTP/1.1\r\nHost: x\r\n\r\n")
            let head = try await client.readResponse(bodyless: true)
            #expect(head.headers["Content-Length"] == "10")
            // Had the HEAD response carried a body, this would parse those bytes as a status line.
            let get = try await client.readResponse()
            #expect(get.text == "0123456789")
        }
    }

    @Test func serverOwnsFramingAndStripsInjectedLines() async throws {
        let handler: HTTPServer.Handler = { _ in
            HTTPServerResponse(
                status: 201,
                headers: ["Content-Length": "999", "Transfer-Encoding": "gzip", "X-Echo": "a\r\nSet-Cookie: evil=1"],
                body: Data("ok".utf8))
        }
        try await ServerTestHarness.withServer(handler: handler) { server in
            let client = try await ServerTestClient.connect(port: server.port)
            try await client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            let response = try await client.readResponse()
            #expect(response.status == 201)
            #expect(response.reason == "Created")
            #expect(response.headers.values(for: "Content-Length") == ["2"])
            #expect(!response.headers.contains("Transfer-Encoding"))
            #expect(!response.headers.contains("Set-Cookie"))
            #expect(response.headers["X-Echo"] == "a  Set-Cookie: evil=1")
            #expect(response.text == "ok")
        }
    }

    @Test func jsonResponseSetsContentType() async throws {
        let response = HTTPServerResponse.json(404, #"{"error":"not_found"}"#)
        #expect(response.status == 404)
        #expect(response.headers["content-type"] == "application/json")
        let custom = HTTPServerResponse.json(200, "{}", headers: ["Content-Type": "application/problem+json"])
        #expect(custom.headers.values(for: "Content-Type") == ["application/problem+json"])
    }
}
