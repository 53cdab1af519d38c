import TestSupport
import Testing

@testable import HTTPServer

/// Direct checks of the header-section parser, including inputs no socket test would reach.
@Suite struct RequestHeadParserTests {
    private static func parse(_ text: String, maxBody: Int = 1000) -> Result<RequestHead, RequestFailure> {
        Result { () throws(RequestFailure) in
            try RequestHeadParser.parse(ArraySlice(text.utf8), maxBodyBytes: maxBody)
        }
    }

    @Test func parsesRequestLineHeadersAndFraming() throws {
        let head = try Self.parse("PATCH /a?b=c HTTP/1.1\r\nHost: h\r\nContent-Length: 12\r\nX-E:  spaced  out \t")
            .get()
        #expect(head.method == "PATCH")
        #expect(head.target == "/a?b=c")
        #expect(!head.isHTTP10)
        #expect(head.framing == .contentLength(12))
        #expect(head.headers["x-e"] == "spaced  out")
        #expect(head.wantsKeepAlive)
        #expect(!head.expectsContinue)
    }

    @Test(arguments: [
        ("GET / HTTP/1.1", true),
        ("GET / HTTP/1.1\r\nConnection: close", false),
        ("GET / HTTP/1.1\r\nConnection: Upgrade, CLOSE", false),
        ("GET / HTTP/1.0", false),
        ("GET / HTTP/1.0\r\nConnection: Keep-Alive", true),
        ("GET / HTTP/1.0\r\nConnection: keep-alive, close", false),
    ])
    func keepAliveFollowsVersionAndConnectionOptions(head: String, keepAlive: Bool) throws {
        #expect(try Self.parse(head).get().wantsKeepAlive == keepAlive)
    }

    @Test(arguments: [
        ("POST / HTTP/1.1\r\nContent-Length: 0", RequestHead.Framing.none),
        ("POST / HTTP/1.1\r\nContent-Length: 007", .contentLength(7)),
        ("POST / HTTP/1.1\r\nContent-Length: 3\r\nContent-Length: 3", .contentLength(3)),
        ("POST / HTTP/1.1\r\nTransfer-Encoding: Chunked", .chunked),
        ("POST / HTTP/1.1\r\nTransfer-Encoding: , chunked ,", .chunked),
        ("GET / HTTP/1.1", .none),
    ])
    func framingIsDecidedStrictly(head: String, framing: RequestHead.Framing) throws {
        #expect(try Self.parse(head).get().framing == framing)
    }

    @Test(arguments: [
        ("POST / HTTP/1.1\r\nContent-Length: 1001", RequestFailure.payloadTooLarge),
        ("POST / HTTP/1.1\r\nContent-Length: 92233720368547758070", .payloadTooLarge),
        ("POST / HTTP/1.1\r\nContent-Length: 9223372036854775807", .payloadTooLarge),
        ("POST / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 92233720368547758070", .badRequest),
        ("POST / HTTP/1.1\r\nTransfer-Encoding: gzip, chunked", .notImplemented),
        ("POST / HTTP/1.1\r\nTransfer-Encoding:", .badRequest),
        ("GET / HTTP/3.0", .versionNotSupported),
        ("GET / HTTP/0.9", .versionNotSupported),
        ("", .badRequest),
        (" GET / HTTP/1.1", .badRequest),
        ("GET / HTTP/1.1\r\n", .badRequest),
        ("GET / HTTP/1.1\r\nX: \u{80}\u{7F}", .badRequest),
    ])
    func invalidHeadsFailWithTheRightStatus(head: String, failure: RequestFailure) {
        #expect(Self.parse(head).failure == failure)
    }

    @Test func obsoleteTextInValuesIsKeptAsReplacementCharacters() throws {
        let bytes: [UInt8] = Array("GET / HTTP/1.1\r\nX-Bin: a".utf8) + [0xFF, 0xC3, 0xA9]
        let head = try RequestHeadParser.parse(ArraySlice(bytes), maxBodyBytes: 0)
        #expect(head.headers["X-Bin"] == "a\u{FFFD}é")
    }

    @Test func randomBytesNeverTrap() {
        var generator = SplitMix64(seed: 42)
        let alphabet = Array("GET / HTTP/1.1\r\n:Content-Length Transfer-Encoding chunked 0123456789,-".utf8)
        for round in 0..<1000 {
            let length = Int(generator.next() % 200)
            let bytes = (0..<length).map { _ in
                round.isMultiple(of: 2)
                    ? UInt8(truncatingIfNeeded: generator.next())
                    : alphabet[Int(generator.next() % UInt64(alphabet.count))]
            }
            _ = try? RequestHeadParser.parse(ArraySlice(bytes), maxBodyBytes: Int(generator.next() % 100))
        }
    }
}

extension Result {
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
