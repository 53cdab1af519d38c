import ErrorCore
import Foundation
import HTTPServer
import TestSupport
import Testing

/// Requests the server answers itself (400, 413, 431, 501, 505) and then closes, without the
/// handler ever seeing them.
@Suite(.hangGuard)
struct RejectionTests {
    /// Counts handler calls, so each test can prove the bad request never reached it.
    private final class HandlerCalls: Sendable {
        let count = Locked(0)
        var handler: HTTPServer.Handler {
            { request in
                self.count.withLock { $0 += 1 }
                return await EchoReport.handler(request)
            }
        }
        var value: Int { count.withLock { $0 } }
    }

    private static let configuration = ServerTestHarness.configuration(
        maxRequestBodyBytes: 1024, maxHeaderBytes: 4096)

    /// Sends `raw` on a fresh connection and returns everything the server sent before closing.
    private static func answer(to raw: [UInt8], calls: HandlerCalls) async throws -> LoopbackResponse {
        try await ServerTestHarness.withServer(configuration, handler: calls.handler) { server in
            let client = try await ServerTestClient.connect(port: server.port)
            try await client.send(raw)
            let response = try await client.readResponse()
            #expect(response.closesConnection)
            #expect(try await client.readUntilClose().isEmpty)
            return response
        }
    }

    private static func expectRejection(_ raw: String, status: Int, code: String) async throws {
        let calls = HandlerCalls()
        let response = try await answer(to: Array(raw.utf8), calls: calls)
        #expect(response.status == status, "\(raw.debugDescription)")
        #expect(response.text == #"{"error":"\#(code)"}"#)
        #expect(response.headers["Content-Type"] == "application/json")
        #expect(calls.value == 0)
    }

    static let malformedHeads: [String] = [
        "GARBAGE\r\n\r\n",
        "GET /\r\n\r\n",
        "GET  / HTTP/1.1\r\n\r\n",
        "GET / HTTP/1.1 \r\n\r\n",
        "G@T / HTTP/1.1\r\n\r\n",
        "GET / HTTX/1.1\r\n\r\n",
        "GET / HTTP/1.x\r\n\r\n",
        "GET / HTTP/11\r\n\r\n",
        "GET /a\u{7F}b HTTP/1.1\r\n\r\n",
        "GET / HTTP/1.1\nHost: x\n\n",
        "GET / HTTP/1.1\r\nHost x\r\n\r\n",
        "GET / HTTP/1.1\r\nHost : x\r\n\r\n",
        "GET / HTTP/1.1\r\n: x\r\n\r\n",
        "GET / HTTP/1.1\r\nX-A: a\r\n folded\r\n\r\n",
        "GET / HTTP/1.1\r\nX-A: a\u{01}b\r\n\r\n",
        "GET / HTTP/1.1\r\nX-A: a\rb\r\n\r\n",
        "GET / HTTP/1.1\r\nX-A: a\u{0}b\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n",
        "\u{16}\u{03}\u{01}\u{02}\u{00}\u{01}\u{00}\u{01}\u{fc}\u{03}\u{03}",
    ]

    @Test(arguments: malformedHeads)
    func malformedHeadIsRejected(raw: String) async throws {
        try await Self.expectRejection(raw, status: 400, code: "bad_request")
    }

    static let badFraming: [String] = [
        "Content-Length: -1\r\n\r\n",
        "Content-Length: abc\r\n\r\n",
        "Content-Length: +5\r\n\r\n",
        "Content-Length: 0x10\r\n\r\n",
        "Content-Length: 1 2\r\n\r\n",
        "Content-Length: \r\n\r\n",
        "Content-Length: 5\r\nContent-Length: 6\r\n\r\nhello!",
        "Content-Length: 5, 6\r\n\r\nhello!",
        "Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
        "Transfer-Encoding: chunked, gzip\r\n\r\n",
        "Transfer-Encoding: gzip\r\n\r\n",
        "Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n",
        "Transfer-Encoding: chunked\r\n\r\nzz\r\n",
        "Transfer-Encoding: chunked\r\n\r\n-1\r\n",
        "Transfer-Encoding: chunked\r\n\r\n\r\n",
        "Transfer-Encoding: chunked\r\n\r\n5 junk\r\nhello\r\n0\r\n\r\n",
        "Transfer-Encoding: chunked\r\n\r\n5\r\nhelloXX0\r\n\r\n",
        "Transfer-Encoding: chunked\r\n\r\n5\nhello\r\n0\r\n\r\n",
        "Transfer-Encoding: chunked\r\n\r\n0\r\nnot a trailer\r\n\r\n",
    ]

    @Test(arguments: badFraming)
    func badFramingIsRejected(fields: String) async throws {
        try await Self.expectRejection("POST /x HTTP/1.1\r\nHost: x\r\n" + fields, status: 400, code: "bad_request")
    }

    @Test func transferEncodingOnHTTP10IsRejected() async throws {
        try await Self.expectRejection(
            "POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", status: 400, code: "bad_request")
    }

    @Test func identicalRepeatedContentLengthsAreAccepted() async throws {
        let calls = HandlerCalls()
        try await ServerTestHarness.withServer(Self.configuration, handler: calls.handler) { server in
            let client = try await ServerTestClient.connect(port: server.port)
            try await client.send("POST / HTTP/1.1\r\nContent-Length: 2\r\nContent-Length: 2, 02\r\n\r\nok")
            #expect(try EchoReport.decode(try await client.readResponse().body).body == "ok")
        }
    }

    static let oversizedBodies: [String] = [
        "Content-Length: 1025\r\n\r\n",
        "Content-Length: 99999999999999999999999999999999\r\n\r\n",
        "Content-Length: 1025\r\nExpect: 100-continue\r\n\r\n",
        "Transfer-Encoding: chunked\r\n\r\n400\r\n" + String(repeating: "a", count: 1024) + "\r\n1\r\nb\r\n",
        "Transfer-Encoding: chunked\r\n\r\nFFFFFFFFFFFFFFFFFFFFFFFF\r\n",
        "Transfer-Encoding: chunked\r\n\r\n7FFFFFFFFFFFFFFF\r\n",
    ]

    @Test(arguments: oversizedBodies)
    func oversizedBodyGets413(fields: String) async throws {
        // Note the 100-continue case: a 413 instead of `100 Continue` saves the client the upload.
        try await Self.expectRejection(
            "POST /x HTTP/1.1\r\nHost: x\r\n" + fields, status: 413, code: "payload_too_large")
    }

    @Test func oversizedHeaderSectionGets431() async throws {
        let big = String(repeating: "v", count: 5000)
        try await Self.expectRejection(
            "GET / HTTP/1.1\r\nX-Big: \(big)\r\n\r\n", status: 431, code: "request_header_fields_too_large")
        // Also when the end of the section never arrives: no waiting for a timeout.
        try await Self.expectRejection(
            "GET / HTTP/1.1\r\nX-Big: \(big)", status: 431, code: "request_header_fields_too_large")
        let trailer = "X-T: " + String(repeating: "t", count: 5000) + "\r\n"
        try await Self.expectRejection(
            "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\(trailer)\r\n", status: 431,
            code: "request_header_fields_too_large")
    }

    @Test func unknownTransferCodingGets501() async throws {
        try await Self.expectRejection(
            "POST / HTTP/1.1\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", status: 501, code: "not_implemented")
    }

    @Test func otherHTTPVersionsGet505() async throws {
        try await Self.expectRejection("GET / HTTP/2.0\r\n\r\n", status: 505, code: "http_version_not_supported")
    }

    @Test func mutatedRequestsNeverCrashTheServer() async throws {
        // Deterministic fuzzing over the wire: each mutated request gets some answer or a close, and
        // the server keeps answering valid requests.
        var generator = SplitMix64(seed: 0x5EED)
        let valid = Array("POST /p?q=1 HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc".utf8)
        try await ServerTestHarness.withServer(
            ServerTestHarness.configuration(readTimeout: .milliseconds(300)), handler: EchoReport.handler
        ) { server in
            for _ in 0..<40 {
                var bytes = valid
                for _ in 0..<(1 + Int(generator.next() % 4)) {
                    let index = Int(generator.next() % UInt64(bytes.count))
                    bytes[index] = UInt8(truncatingIfNeeded: generator.next())
                }
                let client = try await ServerTestClient.connect(port: server.port)
                try await client.send(bytes)
                await client.shutdownWriting()
                _ = try await client.readUntilClose()
            }
            let client = try await ServerTestClient.connect(port: server.port)
            try await client.send(valid)
            #expect(try EchoReport.decode(try await client.readResponse().body).body == "abc")
        }
    }
}
