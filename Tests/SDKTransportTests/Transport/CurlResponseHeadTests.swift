#if canImport(CCurl)
    import Foundation
    import TestSupport
    import Testing

    @testable import SDKTransport

    /// How CurlTransport reads a response head it is given byte for byte: interim heads, folded lines,
    /// text that is not UTF-8, trailers. The project's own server writes only tidy heads, so these come
    /// from a socket that answers with exactly the bytes each test gives it.
    @Suite(.hangGuard) struct CurlResponseHeadTests {
        @Test func anInterimHeadIsSkippedAndTheFinalHeadIsReadAsSent() async throws {
            let head =
                "HTTP/1.1 103 Early Hints\r\nLink: </style.css>; rel=preload\r\n\r\n"
                + "HTTP/1.1 201 Created\r\nContent-Type: application/json\r\nX-Padded: \t spaced out \t\r\n"
                + "X-Folded: first\r\n  second\r\n\tthird\r\nX-Twice: 1\r\nx-twice: 2\r\nX-Empty:\r\n"
                + "X-Utf8: caf\u{e9}\r\nContent-Length: 2\r\n\r\nok"
            // One field whose value is ISO-8859-1, not UTF-8: "café" with é as the single byte 0xE9.
            var bytes = Array(head.utf8)
            let latin = Array("X-Latin: caf".utf8) + [0xE9] + Array("\r\n".utf8)
            bytes.insert(contentsOf: latin, at: bytes.count - Array("Content-Length: 2\r\n\r\nok".utf8).count)
            let server = try CannedResponseServer(bytes)
            defer { server.close() }

            let response = try await CurlTransport().send(HTTPRequest(url: server.url))
            #expect(response.status == 201)
            #expect(response.body == Data("ok".utf8))
            let fields = response.headers.map { [$0.name, $0.value] }
            #expect(
                fields == [
                    ["Content-Type", "application/json"], ["X-Padded", "spaced out"],
                    ["X-Folded", "first second third"], ["X-Twice", "1"], ["x-twice", "2"], ["X-Empty", ""],
                    ["X-Utf8", "caf\u{e9}"], ["X-Latin", "caf\u{e9}"], ["Content-Length", "2"],
                ])
        }

        @Test func trailersAreNotPartOfTheHead() async throws {
            let server = try CannedResponseServer(
                Array(
                    ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nTrailer: X-Checksum\r\n\r\n"
                        + "2\r\nok\r\n0\r\nX-Checksum: abc\r\n\r\n").utf8))
            defer { server.close() }

            let response = try await CurlTransport().send(HTTPRequest(url: server.url))
            #expect(response.status == 200)
            #expect(response.body == Data("ok".utf8))
            #expect(response.headers["Trailer"] == "X-Checksum")
            #expect(response.headers["X-Checksum"] == nil)
            #expect(response.headers.count == 2)
        }

        @Test func aStreamedResponseCarriesTheSameHead() async throws {
            let server = try CannedResponseServer(
                Array(
                    ("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nX-Folded: a\r\n b\r\nContent-Length: 3\r\n\r\nabc")
                        .utf8))
            defer { server.close() }

            let response = try await CurlTransport().stream(HTTPRequest(url: server.url))
            #expect(response.status == 200)
            #expect(response.headers.map { [$0.name, $0.value] } == [["X-Folded", "a b"], ["Content-Length", "3"]])
            var body = Data()
            for try await chunk in response.body { body.append(chunk) }
            #expect(body == Data("abc".utf8))
        }
    }
#endif
