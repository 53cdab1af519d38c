import ErrorCore
import Foundation
import HTTPServer
import TestSupport
import Testing

/// `Configuration.earlyResponse`: a request refused from its head alone, before its body is read.
@Suite(.hangGuard)
struct EarlyResponseTests {
    /// What the rule saw, and how often the handler ran.
    private final class Record: Sendable {
        let heads = Locked<[HTTPServerRequestHead]>([])
        let handlerCalls = Locked(0)
    }

    /// Refuses `POST /upload` bodies over 1000 declared bytes; everything else goes to the echo handler.
    private static func withServer(
        _ body: (HTTPServer, Record) async throws -> Void
    ) async throws {
        let record = Record()
        var configuration = ServerTestHarness.configuration(maxRequestBodyBytes: 64 << 10)
        configuration.earlyResponse = { head in
            record.heads.withLock { $0.append(head) }
            guard head.path == "/upload", let length = head.contentLength, length > 1000 else { return nil }
            return .json(413, #"{"error":"too_big_for_route"}"#, headers: ["X-Request-Id": "req-early"])
        }
        try await ServerTestHarness.withServer(configuration) { request in
            record.handlerCalls.withLock { $0 += 1 }
            return await EchoReport.handler(request)
        } _: { server in
            try await body(server, record)
        }
    }

    @Test func overLimitDeclaredLengthIsAnsweredWithoutReadingTheBody() async throws {
        try await Self.withServer { server, record in
            let client = try await ServerTestClient.connect(port: server.port)
            // 50 000 bytes declared, none sent: a server that read the body first would wait for it and time
            // out instead of answering.
            try await client.send("POST /upload?x=1 HTTP/1.1\r\nHost: x\r\nContent-Length: 50000\r\n\r\n")
            let response = try await client.readResponse()
            #expect(response.status == 413)
            #expect(response.text == #"{"error":"too_big_for_route"}"#)
            #expect(response.headers["X-Request-Id"] == "req-early")
            #expect(response.closesConnection)
            #expect(try await client.readUntilClose().isEmpty)
            #expect(record.handlerCalls.withLock { $0 } == 0)
            let head = try #require(record.heads.withLock { $0.first })
            #expect(head.method == "POST")
            #expect(head.target == "/upload?x=1")
            #expect(head.path == "/upload")
            #expect(head.contentLength == 50000)
            #expect(head.headers["Host"] == "x")
        }
    }

    /// The answer reaches a client that is still sending its body (it reads while it writes).
    @Test func answerReachesAClientStillSending() async throws {
        try await Self.withServer { server, record in
            let client = try await ServerTestClient.connect(port: server.port)
            try await client.send(
                "POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 20000\r\n\r\n"
                    + String(repeating: "a", count: 8000))
            let response = try await client.readResponse()
            #expect(response.status == 413)
            #expect(record.handlerCalls.withLock { $0 } == 0)
        }
    }

    @Test func requestsTheRuleLetThroughAreServedAsUsual() async throws {
        try await Self.withServer { server, record in
            let client = try await ServerTestClient.connect(port: server.port)
            try await client.send("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello")
            let small = try await client.readResponse()
            #expect(small.status == 200)
            #expect(try EchoReport.decode(small.body).body == "hello")
            #expect(!small.closesConnection)
            // Same connection: chunked bodies have no declared length, and other paths pass at any size.
            try await client.send(
                "POST /upload HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n")
            #expect(try await client.readResponse().status == 200)
            try await client.send("PUT /other HTTP/1.1\r\nHost: x\r\nContent-Length: 2000\r\n\r\n")
            try await client.send(String(repeating: "b", count: 2000))
            #expect(try await client.readResponse().status == 200)
            #expect(record.handlerCalls.withLock { $0 } == 3)
            #expect(record.heads.withLock { $0.map(\.contentLength) } == [5, nil, 2000])
        }
    }
}
