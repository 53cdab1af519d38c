import EmulatorCore
import ErrorCore
import Foundation

/// The deterministic scripted agent: what it answers to a user message, and how it continues after tool
/// results. Prompts are matched case-insensitively, first match wins (see `CHATBASE-EMULATOR.md`):
///
/// 1. `weather in X and Y` / `weather in X` → one `get_weather` client tool call per city
/// 2. `loop forever` → a `get_weather {"city":"Loop"}` call on every turn
/// 3. `search the docs` → a server-side `search_docs` call, then `I found 2 pages.`
/// 4. `stream error` → `Partial answer`, then an `error` event
/// 5. `cut stream` → `This reply will be cut`, then the connection drops
/// 6. `repeat N` (1 ≤ N ≤ 100000) → `word1 … wordN`
/// 7. anything else → `You said: <message>`
enum ChatbaseScript {
    /// The largest `repeat N` answered; larger counts fall through to the echo.
    static let maxRepeat = 100_000

    /// What the agent does about `message`.
    enum Plan: Equatable {
        case weather([String])
        case loop
        case searchDocs
        case streamError
        case cutStream
        case repeatWords(Int)
        case echo
    }

    /// The plan `message` selects.
    static func plan(for message: String) -> Plan {
        if let cities = weatherCities(in: message) { return .weather(cities) }
        if contains(message, "loop forever") { return .loop }
        if contains(message, "search the docs") { return .searchDocs }
        if contains(message, "stream error") { return .streamError }
        if contains(message, "cut stream") { return .cutStream }
        if let count = repeatCount(in: message) { return .repeatWords(count) }
        return .echo
    }

    /// The first turn answering `message`.
    static func reply(to message: String) -> ChatbaseReply {
        switch plan(for: message) {
        case .weather(let cities):
            return toolTurn(cities: cities)
        case .loop:
            return toolTurn(cities: ["Loop"])
        case .searchDocs:
            let call = ChatbaseToolCall(
                id: ChatbaseReply.newID("call"), name: "search_docs", input: ["query": .string(message)])
            let output: AnyCodableValue = ["results": ["Getting started", "Streaming"]]
            return ChatbaseReply(
                blocks: [.serverTool(call, output: output), text("I found 2 pages.")], ending: .finish(reason: "stop"))
        case .streamError:
            return ChatbaseReply(blocks: [text("Partial answer")], ending: .error("The model failed"))
        case .cutStream:
            return ChatbaseReply(blocks: [text("This reply will be cut")], ending: .cut)
        case .repeatWords(let count):
            let words = (1...count).map { "word\($0)" }.joined(separator: " ")
            return ChatbaseReply(blocks: [text(words)], ending: .finish(reason: "stop"))
        case .echo:
            return ChatbaseReply(blocks: [text("You said: " + message)], ending: .finish(reason: "stop"))
        }
    }

    /// The turn after the client answered every tool call of the last turn: another call when the turn's
    /// user message asked to loop forever, else one sentence per result, in call order.
    ///
    /// `results` are the answered calls with their outputs.
    static func continuation(
        of userMessage: String, results: [(call: ChatbaseToolCall, output: AnyCodableValue)]
    ) -> ChatbaseReply {
        if plan(for: userMessage) == .loop { return toolTurn(cities: ["Loop"]) }
        let sentences = results.map { result in
            if case .string(let error) = result.output["error"] ?? .null {
                return "\(result.call.name) failed: \(error)"
            }
            let city = result.call.input["city"]?.stringValue ?? ""
            return "Weather in \(city): \(result.output.jsonText)."
        }
        return ChatbaseReply(blocks: [text(sentences.joined(separator: " "))], ending: .finish(reason: "stop"))
    }

    // MARK: - Matching

    private static func toolTurn(cities: [String]) -> ChatbaseReply {
        let calls = cities.map { city in
            ChatbaseToolCall(id: ChatbaseReply.newID("call"), name: "get_weather", input: ["city": .string(city)])
        }
        return ChatbaseReply(blocks: calls.map(ChatbaseReply.Block.clientTool), ending: .finish(reason: "tool-calls"))
    }

    private static func text(_ text: String) -> ChatbaseReply.Block {
        .text(id: ChatbaseReply.newID("text"), text: text)
    }

    private static func contains(_ message: String, _ phrase: String) -> Bool {
        message.range(of: phrase, options: .caseInsensitive) != nil
    }

    /// Characters that end a city name.
    private static let cityTerminators: Set<Character> = [".", ",", "!", "?", ";", ":", "\n", "\r"]

    /// The one or two cities after `weather in`, in their original case; nil when there is none.
    static func weatherCities(in message: String) -> [String]? {
        guard let marker = message.range(of: "weather in ", options: .caseInsensitive) else { return nil }
        let rest = message[marker.upperBound...].prefix { !cityTerminators.contains($0) }
        let place = rest.trimmingCharacters(in: .whitespaces)
        guard !place.isEmpty else { return nil }
        if let and = place.range(of: " and ", options: .caseInsensitive) {
            let first = place[..<and.lowerBound].trimmingCharacters(in: .whitespaces)
            let second = place[and.upperBound...].trimmingCharacters(in: .whitespaces)
            if !first.isEmpty && !second.isEmpty { return [first, second] }
        }
        return [place]
    }

    /// N from the first `repeat N` with 1 ≤ N ≤ `maxRepeat`.
    static func repeatCount(in message: String) -> Int? {
        var searchStart = message.startIndex
        while let marker = message.range(
            of: "repeat ", options: .caseInsensitive, range: searchStart..<message.endIndex)
        {
            let digits = message[marker.upperBound...].prefix(while: \.isASCIIDigit)
            if !digits.isEmpty, digits.count <= 6, let count = Int(digits), (1...maxRepeat).contains(count) {
                return count
            }
            searchStart = marker.upperBound
        }
        return nil
    }
}

extension Character {
    /// `0`–`9` only (not other scripts' digits).
    fileprivate var isASCIIDigit: Bool { isASCII && isWholeNumber }
}
