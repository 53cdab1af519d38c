import Foundation
import HTTPServer
import TestSupport
import Testing

/// Each `HTTPFault`, as a raw client sees it on the wire.
@Suite(.hangGuard)
struct FaultTests {
    private static let body = Data("0123456789abcdefghij".utf8)

    private static func handler(_ fault: HTTPFault, streamed: Bool = false) -> HTTPServer.Handler {
        { _ in
            guard streamed else { return HTTPServerResponse(body: body, fault: fault) }
            var response = HTTPServerResponse.stream { writer in
                try await writer.write(body.prefix(10))
                try await writer.write(body.suffix(10))
            }
            response.fault = fault
            return response
        }
    }

    private static func rawExchange(_ handler: @escaping HTTPServer.Handler) async throws -> [UInt8] {
        try await ServerTestHarness.withServer(handler: handler) { server in
            let client = try await ServerTestClient.connect(port: server.port)
            try await client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            return try await client.readUntilClose()
        }
    }

    private static func split(_ raw: [UInt8]) -> (head: String, body: [UInt8]) {
        let text = String(decoding: raw, as: UTF8.self)
        guard let end = text.range(of: "\r\n\r\n") else { return (text, []) }
        let headBytes = text[..<end.upperBound].utf8.count
        return (String(text[..<end.upperBound]), Array(raw[headBytes...]))
    }

    @Test func closeBeforeRespondingSendsNothing() async throws {
        let raw = try await Self.rawExchange(Self.handler(.closeBeforeResponding))
        #expect(raw.isEmpty)
    }

    @Test(arguments: [false, true])
    func closeAfterHeadersSendsOnlyTheHead(streamed: Bool) async throws {
        let (head, body) = Self.split(try await Self.rawExchange(Self.handler(.closeAfterHeaders, streamed: streamed)))
        #expect(head.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(head.hasSuffix("\r\n\r\n"))
        #expect(head.contains(streamed ? "Transfer-Encoding: chunked" : "Content-Length: 20"))
        #expect(!head.contains("Connection: close"))
        #expect(body.isEmpty)
    }

    @Test func closeMidBodySendsExactlyThatManyBodyBytes() async throws {
        let (head, body) = Self.split(try await Self.rawExchange(Self.handler(.closeMidBody(afterBytes: 7))))
        #expect(head.contains("Content-Length: 20"))
        #expect(body == Array("0123456".utf8))
    }

    @Test func closeMidBodyCountsChunkFramingOnStreams() async throws {
        // Wire body: "a\r\n0123456789\r\n" (15 bytes) then "a\r\nabcdefghij\r\n"; cut after 18.
        let (head, body) = Self.split(
            try await Self.rawExchange(Self.handler(.closeMidBody(afterBytes: 18), streamed: true)))
        #expect(head.contains("Transfer-Encoding: chunked"))
        #expect(String(decoding: body, as: UTF8.self) == "a\r\n0123456789\r\na\r\n")
    }

    @Test func delayAnswersNormallyAfterTheWait() async throws {
        try await ServerTestHarness.withServer(handler: Self.handler(.delay(.milliseconds(150)))) { server in
            let client = try await ServerTestClient.connect(port: server.port)
            let start = ContinuousClock.now
            try await client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            let response = try await client.readResponse()
            #expect(ContinuousClock.now - start >= .milliseconds(150))
            #expect(response.status == 200)
            #expect(Data(response.body) == Self.body)
            // Still a normal keep-alive exchange afterwards.
            try await client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try await client.readResponse().status == 200)
        }
    }

    @Test(arguments: [false, true])
    func malformedChunkingHasAnInvalidChunkSizeLine(streamed: Bool) async throws {
        let raw = try await Self.rawExchange(Self.handler(.malformedChunking, streamed: streamed))
        let (head, body) = Self.split(raw)
        #expect(head.contains("Transfer-Encoding: chunked"))
        let sizeLine = String(decoding: body.prefix { $0 != 0x0D }, as: UTF8.self)
        #expect(!sizeLine.isEmpty)
        #expect(Int(sizeLine, radix: 16) == nil)
    }

    @Test func faultsEndTheConnectionButNotTheServer() async throws {
        let handler: HTTPServer.Handler = { request in
            request.path == "/fault"
                ? HTTPServerResponse(fault: .closeBeforeResponding) : HTTPServerResponse(body: Data("ok".utf8))
        }
        try await ServerTestHarness.withServer(handler: handler) { server in
            let faulty = try await ServerTestClient.connect(port: server.port)
            // The pipelined second request is never answered: the fault closed the connection.
            try await faulty.send("GET /fault HTTP/1.1\r\nHost: x\r\n\r\nGET /ok HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try await faulty.readUntilClose().isEmpty)
            let healthy = try await ServerTestClient.connect(port: server.port)
            try await healthy.send("GET /ok HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try await healthy.readResponse().text == "ok")
        }
    }
}
