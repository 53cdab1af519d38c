import TestSupport
import Testing

@testable import HTTPServer

/// The incremental chunked decoder, fed whole and byte by byte.
@Suite struct ChunkedBodyDecoderTests {
    /// Feeds `input` in pieces of `step` bytes, the way the reader does as bytes arrive.
    private static func decode(
        _ input: String, step: Int = .max, maxBody: Int = 1000, maxTrailer: Int = 100
    ) -> Result<(body: String, used: Int), RequestFailure> {
        let bytes = Array(input.utf8)
        var decoder = ChunkedBodyDecoder(maxBodyBytes: maxBody, maxTrailerBytes: maxTrailer)
        var consumed = 0
        var available = 0
        return Result { () throws(RequestFailure) in
            while !decoder.isComplete, available < bytes.count {
                available = min(bytes.count, available + min(step, bytes.count))
                consumed += try decoder.consume(ArraySlice(bytes[consumed..<available]))
            }
            return (String(decoding: decoder.body, as: UTF8.self), consumed)
        }
    }

    @Test(arguments: [1, 2, 3, 7, Int.max])
    func decodesWhateverTheArrivalPattern(step: Int) throws {
        let input = "4\r\nWiki\r\n6;name=\"v\"\r\npedia \r\nE\r\nin \r\n\r\nchunks.\r\n0\r\nX-Sum: 9\r\n\r\nNEXT"
        let (body, used) = try Self.decode(input, step: step).get()
        #expect(body == "Wikipedia in \r\n\r\nchunks.")
        // Stops at the end of the body; the pipelined "NEXT" is left for the next request.
        #expect(used == input.utf8.count - 4)
    }

    @Test func incompleteInputWaitsForMore() throws {
        var decoder = ChunkedBodyDecoder(maxBodyBytes: 100, maxTrailerBytes: 100)
        let used = try decoder.consume(ArraySlice("5\r\nhel".utf8))
        #expect(used == 6)
        #expect(!decoder.isComplete)
        #expect(try decoder.consume(ArraySlice("lo\r".utf8)) == 2)
        #expect(try decoder.consume(ArraySlice("\r\n0\r\n\r\n".utf8)) == 7)
        #expect(decoder.isComplete)
        #expect(decoder.body == Array("hello".utf8))
    }

    @Test(
        arguments: [
            ("g\r\n", RequestFailure.badRequest),
            ("\r\n", .badRequest),
            ("5\r\nhelloX\r\n", .badRequest),
            ("5\nhello\r\n", .badRequest),
            ("5 ;x\r\nhello\r\n0\r\n\r\n", nil),
            ("5;x\u{1}\r\nhello\r\n", .badRequest),
            ("3e9\r\n", .payloadTooLarge),
            ("10000000000000000\r\n", .payloadTooLarge),
            ("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF\r\n", .payloadTooLarge),
            ("0\r\nbad\r\n\r\n", .badRequest),
            ("0\r\nX-Long: " + String(repeating: "x", count: 200) + "\r\n\r\n", .headerFieldsTooLarge),
            ("1;" + String(repeating: "e", count: 5000), .badRequest),
        ] as [(String, RequestFailure?)])
    func rejectsMalformedOrOversizedInput(input: String, failure: RequestFailure?) {
        for step in [1, Int.max] {
            switch Self.decode(input, step: step) {
            case .success: #expect(failure == nil, "step \(step)")
            case .failure(let error): #expect(error == failure, "step \(step)")
            }
        }
    }

    @Test func framingOverheadIsBounded() {
        // One-byte chunks with long extensions stay under the body limit but not the wire limit.
        let chunk = "1;" + String(repeating: "e", count: 1000) + "\r\nx\r\n"
        let result = Self.decode(String(repeating: chunk, count: 90), maxBody: 100, maxTrailer: 100)
        #expect(result.failureValue == .payloadTooLarge)
    }

    @Test func randomBytesNeverTrap() {
        var generator = SplitMix64(seed: 7)
        let alphabet = Array("0123456789abcdefABCDEF;=\r\n xyz:".utf8)
        for _ in 0..<1000 {
            let bytes = (0..<Int(generator.next() % 120)).map { _ in
                alphabet[Int(generator.next() % UInt64(alphabet.count))]
            }
            var decoder = ChunkedBodyDecoder(maxBodyBytes: Int(generator.next() % 64), maxTrailerBytes: 32)
            var consumed = 0
            var available = 0
            while available < bytes.count, !decoder.isComplete {
                available = min(bytes.count, available + 1 + Int(generator.next() % 9))
                guard let used = try? decoder.consume(ArraySlice(bytes[consumed..<available])) else { break }
                consumed += used
            }
        }
    }
}

extension Result {
    fileprivate var failureValue: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
