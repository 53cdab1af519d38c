/// Incremental decoder for a chunked request body (RFC 9112 §7.1).
///
/// Fed whatever bytes have arrived; keeps its place between calls and stops exactly at the end
/// of the body, so pipelined bytes after it stay for the next request. Chunk extensions and
/// trailer fields are validated and dropped.
struct ChunkedBodyDecoder {
    private enum State {
        case sizeLine
        case data(remaining: Int)
        case dataEnd
        case trailer
        case done
    }

    /// A chunk-size line longer than this (extensions included) is rejected.
    static let maxSizeLineBytes = 4096

    private var state = State.sizeLine
    private(set) var body: [UInt8] = []
    private var trailerBytes = 0
    private var wireBytes = 0
    private let maxBodyBytes: Int
    private let maxTrailerBytes: Int
    /// Bounds framing overhead: without it a client could send gigabytes of extensions and
    /// one-byte chunks while staying under the body limit.
    private let maxWireBytes: Int

    init(maxBodyBytes: Int, maxTrailerBytes: Int) {
        self.maxBodyBytes = maxBodyBytes
        self.maxTrailerBytes = maxTrailerBytes
        let (scaled, overflow) = maxBodyBytes.multipliedReportingOverflow(by: 8)
        let (total, overflowB) = scaled.addingReportingOverflow(maxTrailerBytes + (64 << 10))
        maxWireBytes = overflow || overflowB ? .max : total
    }

    var isComplete: Bool {
        if case .done = state { return true }
        return false
    }

    /// Consumes what it can from `input` and returns how many bytes it used.
    mutating func consume(_ input: ArraySlice<UInt8>) throws(RequestFailure) -> Int {
        var index = input.startIndex
        decoding: while index < input.endIndex {
            switch state {
            case .sizeLine:
                guard
                    let line = try Self.nextLine(
                        input, from: index, limit: Self.maxSizeLineBytes, overLimit: .badRequest)
                else { break decoding }
                let size = try Self.parseSize(line.content)
                index = line.next
                if size == 0 {
                    state = .trailer
                } else {
                    guard size <= maxBodyBytes - body.count else { throw .payloadTooLarge }
                    state = .data(remaining: size)
                }
            case .data(let remaining):
                let take = min(remaining, input.endIndex - index)
                body.append(contentsOf: input[index..<(index + take)])
                index += take
                state = take == remaining ? .dataEnd : .data(remaining: remaining - take)
            case .dataEnd:
                guard input[index] == ASCII.carriageReturn else { throw .badRequest }
                guard index + 1 < input.endIndex else { break decoding }
                guard input[index + 1] == ASCII.lineFeed else { throw .badRequest }
                index += 2
                state = .sizeLine
            case .trailer:
                guard
                    let line = try Self.nextLine(
                        input, from: index, limit: maxTrailerBytes - trailerBytes, overLimit: .headerFieldsTooLarge)
                else { break decoding }
                trailerBytes += line.next - index
                index = line.next
                if line.content.isEmpty {
                    state = .done
                    break decoding
                }
                _ = try RequestHeadParser.parseFieldLine(line.content)
            case .done:
                break decoding
            }
        }
        let used = index - input.startIndex
        wireBytes += used
        guard wireBytes <= maxWireBytes else { throw .payloadTooLarge }
        return used
    }

    /// The next CRLF-terminated line starting at `start`, nil when it has not fully arrived.
    private static func nextLine(
        _ input: ArraySlice<UInt8>, from start: Int, limit: Int, overLimit: RequestFailure
    ) throws(RequestFailure) -> (content: ArraySlice<UInt8>, next: Int)? {
        guard let lineFeed = input[start...].firstIndex(of: ASCII.lineFeed) else {
            if input.endIndex - start > limit { throw overLimit }
            return nil
        }
        guard lineFeed > start, input[lineFeed - 1] == ASCII.carriageReturn else { throw .badRequest }
        if lineFeed + 1 - start > limit { throw overLimit }
        return (input[start..<(lineFeed - 1)], lineFeed + 1)
    }

    /// `1*HEXDIG [ BWS ";" chunk-ext ]`; a size too large for `Int` is simply too large.
    private static func parseSize(_ line: ArraySlice<UInt8>) throws(RequestFailure) -> Int {
        var size = 0
        var index = line.startIndex
        while index < line.endIndex, let digit = ASCII.hexValue(line[index]) {
            let (shifted, overflowA) = size.multipliedReportingOverflow(by: 16)
            let (sum, overflowB) = shifted.addingReportingOverflow(digit)
            guard !overflowA, !overflowB else { throw .payloadTooLarge }
            size = sum
            index += 1
        }
        guard index > line.startIndex else { throw .badRequest }
        var rest = line[index...]
        while let first = rest.first, ASCII.isWhitespace(first) { rest = rest.dropFirst() }
        guard rest.isEmpty || (rest.first == ASCII.semicolon && rest.allSatisfy(ASCII.isFieldValue)) else {
            throw .badRequest
        }
        return size
    }
}
