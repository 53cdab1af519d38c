import Foundation
import TestSupport
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
}
