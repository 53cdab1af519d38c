import Foundation
import Testing

@testable import ChatbaseSDK

/// The parser and the assembler together: the same turn wherever the chunks end.
@Suite struct TurnAssemblerTests {
    /// A reply that mixes line endings (LF and CRLF), spacing, a multi-line event, a named event, a
    /// comment and non-ASCII text.
    static let reply = [
        ": ping\n\n",
        #"data: {"type":"start","messageId":"m1"}"# + "\n\n",
        #"data: {"type":"text-start","id":"t1"}"# + "\n\n",
        #"data: {"type":"text-delta","id":"t1","delta":"Hello"}"# + "\n\n",
        #"data: {"type":"text-delta","id":"t1","delta":", "}"# + "\r\n\r\n",
        #"data: {"type":"text-delta", "id":"t1","delta":"wor"}"# + "\n\n",
        #"data:{"type":"text-delta","id":"t1","delta":"ld"}"# + "\n\n",
        #"data: {"type":"text-delta","id":"t1","delta":"\n"}"# + "\n\n",
        "event: ping\n" + #"data: {"type":"text-delta","id":"t1","delta":"ignored"}"# + "\n\n",
        #"data: {"type":"text-delta","#, "\n", #"data: "id":"t1","delta":"héllo 👋"}"# + "\n\n",
        #"data: {"type":"text-delta","id":"t1","delta":" 世界"}"# + "\n\r\n",
        #"data: {"type":"text-end","id":"t1"}"# + "\n\n",
        #"data: {"type":"finish","finishReason":"stop","messageMetadata":{"conversationId":"c1"}}"# + "\n\n",
        "data: [DONE]\n\n",
    ].joined()

    static let deltas = ["Hello", ", ", "wor", "ld", "\n", "héllo 👋", " 世界"]

    /// Parses `chunks` and returns what the assembler collected.
    static func assemble(_ chunks: [Data]) -> (deltas: [String], parts: [MessagePart], events: Int, done: Bool) {
        var parser = SSEParser()
        var assembler = TurnAssembler(collectsDeltas: true)
        for chunk in chunks { parser.feed(chunk, into: &assembler) }
        parser.finish(into: &assembler)
        let done = if case .done? = assembler.outcome { true } else { false }
        return (assembler.deltas, assembler.turn.parts, assembler.eventCount, done)
    }

    @Test func oneChunkGivesTheReply() {
        let result = Self.assemble([Data(Self.reply.utf8)])
        #expect(result.deltas == Self.deltas)
        #expect(result.parts == [.text(Self.deltas.joined())])
        #expect(result.events == 11)
        #expect(result.done)
    }

    @Test func everyCutGivesTheSameTurn() {
        let bytes = Data(Self.reply.utf8)
        let whole = Self.assemble([bytes])
        for cut in 1..<bytes.count {
            let split = Self.assemble([bytes.subdata(in: 0..<cut), bytes.subdata(in: cut..<bytes.count)])
            #expect(split.deltas == whole.deltas, "cut at \(cut)")
            #expect(split.parts == whole.parts, "cut at \(cut)")
            #expect(split.events == whole.events, "cut at \(cut)")
        }
        let bytewise = Self.assemble(bytes.map { Data([$0]) })
        #expect(bytewise.deltas == whole.deltas)
        #expect(bytewise.parts == whole.parts)
    }
}
