import EmulatorTestSupport
import Foundation
import Testing

@testable import ChatbaseSDK

@Suite struct SSEParserTests {
    struct Vector: CustomTestStringConvertible, Sendable {
        let name: String
        let input: String
        let expected: [String]
        var testDescription: String { name }
    }

    static let vectors: [Vector] = [
        Vector(name: "one event", input: "data: {\"a\":1}\n\n", expected: ["{\"a\":1}"]),
        Vector(name: "no space after colon", input: "data:x\n\n", expected: ["x"]),
        Vector(name: "only the first space is dropped", input: "data:  x\n\n", expected: [" x"]),
        Vector(name: "multi-line data joined by LF", input: "data: a\ndata: b\ndata:\n\n", expected: ["a\nb\n"]),
        Vector(name: "CRLF", input: "data: a\r\n\r\ndata: b\r\n\r\n", expected: ["a", "b"]),
        Vector(name: "CR only", input: "data: a\r\rdata: b\r\r", expected: ["a", "b"]),
        Vector(name: "mixed endings", input: "data: a\r\ndata: b\n\r\n", expected: ["a\nb"]),
        Vector(name: "comments skipped", input: ": ping\ndata: a\n: mid\n\n:\n\n", expected: ["a"]),
        Vector(name: "event without data is dropped", input: "event: x\n\nid: 3\n\n", expected: []),
        Vector(name: "unknown fields ignored", input: "id: 1\nretry: 10\nfoo: bar\ndata: a\n\n", expected: ["a"]),
        Vector(name: "field without colon", input: "data\n\n", expected: [""]),
        Vector(name: "BOM at start skipped", input: "\u{FEFF}data: a\n\n", expected: ["a"]),
        Vector(name: "DONE is data", input: "data: [DONE]\n\n", expected: ["[DONE]"]),
        Vector(name: "several blank lines", input: "\n\n\ndata: a\n\n\n\ndata: b\n\n", expected: ["a", "b"]),
        Vector(name: "UTF-8 kept", input: "data: héllo 👋 世界\n\n", expected: ["héllo 👋 世界"]),
        Vector(name: "dataX is not data", input: "datax: a\ndata: b\n\n", expected: ["b"]),
    ]

    @Test(arguments: vectors)
    func wholeInput(_ vector: Vector) {
        var parser = SSEParser()
        let events = parser.feed(Data(vector.input.utf8))
        #expect(events.map(\.text) == vector.expected)
    }

    @Test(arguments: vectors)
    func byteByByte(_ vector: Vector) {
        var parser = SSEParser()
        var events: [SSEParser.Event] = []
        for byte in Data(vector.input.utf8) { events += parser.feed(Data([byte])) }
        #expect(events.map(\.text) == vector.expected)
    }

    @Test(arguments: vectors)
    func randomSplits(_ vector: Vector) {
        var generator = SplitMix64(seed: UInt64(vector.name.utf8.count))
        let bytes = Array(vector.input.utf8)
        for _ in 0..<50 {
            var parser = SSEParser()
            var events: [SSEParser.Event] = []
            var offset = 0
            while offset < bytes.count {
                let length = Int(generator.next() % 7) + 1
                let end = min(bytes.count, offset + length)
                events += parser.feed(Data(bytes[offset..<end]))
                offset = end
            }
            #expect(events.map(\.text) == vector.expected)
        }
    }

    @Test func eventNameIsReported() {
        var parser = SSEParser()
        let events = parser.feed(Data("event: ping\ndata: 1\n\ndata: 2\n\n".utf8))
        #expect(events == [SSEParser.Event(type: "ping", data: Data("1".utf8)), SSEParser.Event(data: Data("2".utf8))])
    }

    @Test func crAtChunkEndThenLF() {
        var parser = SSEParser()
        var events = parser.feed(Data("data: a\r".utf8))
        events += parser.feed(Data("\ndata: b\r".utf8))
        events += parser.feed(Data("\n\r".utf8))
        events += parser.feed(Data("\n".utf8))
        #expect(events.map(\.text) == ["a\nb"])
    }

    @Test func splitInsideAUTF8Scalar() {
        let bytes = Array("data: 👋\n\n".utf8)
        var parser = SSEParser()
        var events = parser.feed(Data(bytes[0..<8]))  // cuts the 4-byte emoji after its 2nd byte
        #expect(events.isEmpty)
        events += parser.feed(Data(bytes[8...]))
        #expect(events.map(\.text) == ["👋"])
    }

    @Test func finishReturnsCompleteDataLinesOnly() {
        var parser = SSEParser()
        #expect(parser.feed(Data("data: [DONE]\n".utf8)).isEmpty)
        #expect(parser.finish()?.text == "[DONE]")

        var cut = SSEParser()
        #expect(cut.feed(Data("data: {\"type\":\"text-del".utf8)).isEmpty)
        #expect(cut.finish() == nil)
    }

    @Test func largeStreamInOddChunks() {
        let event = "data: {\"type\":\"text-delta\",\"id\":\"t\",\"delta\":\"word \"}\n\n"
        let input = Data(String(repeating: event, count: 5_000).utf8)
        var parser = SSEParser()
        var count = 0
        var offset = 0
        while offset < input.count {
            let end = min(input.count, offset + 997)
            count += parser.feed(input[offset..<end]).count
            offset = end
        }
        #expect(count == 5_000)
    }

    /// Seeded streams built from every kind of line (endings of all three kinds, BOMs, comments, `event:`,
    /// fields without colons, non-ASCII and stray bytes, long lines), fed whole, cut at random points and
    /// byte by byte: the parser always gives what a one-pass reference reading of the whole stream gives.
    @Test func anyChunkingGivesWhatAWholeReadingGives() {
        var random = SplitMix64(seed: 0xC4A7_BA5E)
        let pieces: [[UInt8]] = [
            Array("data: {\"type\":\"text-delta\",\"delta\":\"hi\"}".utf8), Array("data:x".utf8), Array("data".utf8),
            Array("data:  two spaces".utf8), Array("event: ping".utf8), Array("event:message".utf8),
            Array(": comment".utf8), Array(":".utf8), Array("id: 7".utf8), Array("retry: 10".utf8),
            Array("data: héllo 👋".utf8), [0x64, 0x61, 0x74, 0x61, 0x3A, 0xFF, 0xC3], [0xEF, 0xBB, 0xBF],
            Array("data: [DONE]".utf8), Array(repeating: UInt8(ascii: "y"), count: 5_000), [],
        ]
        let endings: [[UInt8]] = [[0x0A], [0x0D], [0x0D, 0x0A]]
        for round in 0..<2_000 {
            var stream: [UInt8] = random.next() % 4 == 0 ? [0xEF, 0xBB, 0xBF] : []
            for _ in 0..<Int.random(in: 0...14, using: &random) {
                stream += pieces.randomElement(using: &random)!
                if random.next() % 8 != 0 { stream += endings.randomElement(using: &random)! }
            }
            let expected = Self.reference(stream)
            #expect(Self.parse([stream]) == expected, "round \(round), whole")
            var chunks: [[UInt8]] = []
            var start = 0
            while start < stream.count {
                let end = min(stream.count, start + Int.random(in: 1...64, using: &random))
                chunks.append(Array(stream[start..<end]))
                start = end
            }
            #expect(Self.parse(chunks) == expected, "round \(round), cut in \(chunks.count)")
            if round % 50 == 0 {
                #expect(Self.parse(stream.map { [$0] }) == expected, "round \(round), byte by byte")
            }
        }
    }

    /// The parser's events for `chunks`, then its `finish()`.
    private static func parse(_ chunks: [[UInt8]]) -> [SSEParser.Event] {
        var parser = SSEParser()
        var events = chunks.flatMap { parser.feed(Data($0)) }
        if let last = parser.finish() { events.append(last) }
        return events
    }

    /// A one-pass reading of a whole stream, written from the format's rules and nothing of the parser:
    /// split into lines (CRLF, LF or CR), then fields, then events.
    private static func reference(_ whole: [UInt8]) -> [SSEParser.Event] {
        var bytes = whole[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        var lines: [ArraySlice<UInt8>] = []
        var lineStart = bytes.startIndex
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == 0x0A || bytes[index] == 0x0D {
                lines.append(bytes[lineStart..<index])
                if bytes[index] == 0x0D, index + 1 < bytes.endIndex, bytes[index + 1] == 0x0A { index += 1 }
                lineStart = index + 1
            }
            index += 1
        }
        // A last line without its ending (from `lineStart` on) is dropped: the connection may have cut it.
        var events: [SSEParser.Event] = []
        var data: [UInt8]?
        var type: String?
        for line in lines {
            if line.isEmpty {
                if let data { events.append(SSEParser.Event(type: type, data: Data(data))) }
                data = nil
                type = nil
                continue
            }
            if line.first == 0x3A { continue }
            let colon = line.firstIndex(of: 0x3A)
            let name = Array(line[..<(colon ?? line.endIndex)])
            var value = colon.map { Array(line[line.index(after: $0)...]) } ?? []
            if value.first == 0x20 { value.removeFirst() }
            if name == Array("data".utf8) {
                data = data.map { $0 + [0x0A] + value } ?? value
            } else if name == Array("event".utf8) {
                type = String(decoding: value, as: UTF8.self)
            }
        }
        if let data { events.append(SSEParser.Event(type: type, data: Data(data))) }
        return events
    }
}
