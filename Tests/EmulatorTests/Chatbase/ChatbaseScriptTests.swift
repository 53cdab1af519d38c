import Emulator
import ErrorCore
import Foundation
import Testing

@testable import EmulatorChatbase
@testable import EmulatorCore

/// The scripted agent's matching rules and word splitting, without HTTP.
@Suite struct ChatbaseScriptTests {
    @Test(arguments: [
        ("weather in Paris", ChatbaseScript.Plan.weather(["Paris"])),
        ("What's the Weather In  São Paulo ?", .weather(["São Paulo"])),
        ("weather in Paris and Tokyo!", .weather(["Paris", "Tokyo"])),
        ("WEATHER IN a AND b AND c", .weather(["a", "b AND c"])),
        ("weather in Rome, then loop forever", .weather(["Rome"])),
        ("weather in ?", .echo), ("weather in and", .weather(["and"])),
        ("Loop Forever please", .loop), ("search the docs and loop forever", .loop),
        ("please SEARCH THE DOCS", .searchDocs), ("stream error then cut stream", .streamError),
        ("cut stream", .cutStream), ("repeat 3", .repeatWords(3)), ("REPEAT 100000", .repeatWords(100_000)),
        ("repeat 100001", .echo), ("repeat 0", .echo), ("repeat x then repeat 2", .repeatWords(2)),
        ("repeat 99999999999999999999", .echo), ("repeat ٣", .echo), ("hello", .echo), ("", .echo),
    ])
    func promptsSelectTheirPlan(message: String, plan: ChatbaseScript.Plan) {
        #expect(ChatbaseScript.plan(for: message) == plan)
    }

    @Test(arguments: [
        ("You said: hi", ["You ", "said: ", "hi"]), ("a", ["a"]), ("  lead", ["  lead"]), ("trail  ", ["trail  "]),
        ("a  b ", ["a  ", "b "]), ("", []), ("é 🙂\tx", ["é ", "🙂\tx"]), ("line\nbreak here", ["line\nbreak ", "here"]),
    ])
    func deltasConcatenateToTheTextAndAreNeverEmpty(text: String, deltas: [String]) {
        let actual = ChatbaseReply.deltas(of: text).map(String.init)
        #expect(actual == deltas)
        #expect(actual.joined() == text)
    }

    @Test func continuationSummarisesResultsInCallOrder() {
        let calls = ["Oslo", "Rome", "Lima"].map {
            ChatbaseToolCall(id: "call_\($0)", name: "get_weather", input: ["city": .string($0)])
        }
        let reply = ChatbaseScript.continuation(
            of: "weather in Oslo and Rome",
            results: [(calls[0], ["temp": 1]), (calls[1], ["error": "down"]), (calls[2], ["error": 5])])
        guard case .text(_, let text) = reply.blocks.first else {
            Issue.record("expected text")
            return
        }
        #expect(text == #"Weather in Oslo: {"temp":1}. get_weather failed: down Weather in Lima: {"error":5}."#)
        #expect(reply.ending == .finish(reason: "stop"))
        #expect(ChatbaseScript.continuation(of: "Loop forever", results: []).clientToolCalls.count == 1)
    }

    @Test func repliesStoreThePartsTheyStream() {
        let search = ChatbaseScript.reply(to: "search the docs")
        #expect(search.parts.map { $0["type"] } == ["tool-call", "tool-result", "text"])
        #expect(search.clientToolCalls.isEmpty)
        let weather = ChatbaseScript.reply(to: "weather in A and B")
        #expect(weather.parts.map { $0["type"] } == ["tool-call", "tool-call"])
        #expect(weather.finishReason == "tool-calls")
        #expect(ChatbaseScript.reply(to: "stream error").finishReason == "error")
        #expect(!ChatbaseScript.reply(to: "cut stream").finishes)
    }
}
