import EmulatorCore
import ErrorCore
import Foundation

/// A client or server tool call the scripted agent makes.
struct ChatbaseToolCall: Sendable, Equatable {
    /// `call_<random>`.
    let id: String
    /// e.g. `get_weather`.
    let name: String
    /// The arguments object.
    let input: AnyCodableValue
}

/// One assistant turn as the scripted agent plans it: content blocks in order, then how the turn ends.
///
/// The plan is complete before anything is streamed or stored, so the stored message and the stream always
/// agree; streaming only adds the pacing.
struct ChatbaseReply: Sendable {
    /// A piece of the assistant's content.
    enum Block: Sendable {
        /// Text streamed word by word under a text part id.
        case text(id: String, text: String)
        /// A tool the client must run; the turn then waits for its result.
        case clientTool(ChatbaseToolCall)
        /// A tool the server ran itself, with its output.
        case serverTool(ChatbaseToolCall, output: AnyCodableValue)
    }

    /// How the stream ends after the blocks.
    enum Ending: Sendable, Equatable {
        /// `finish-step`, `message-metadata`, `finish` with this reason, `[DONE]`.
        case finish(reason: String)
        /// An `error` event with this text, then `[DONE]`; no finish.
        case error(String)
        /// The connection drops after the last delta (no `text-end`, no terminating chunk).
        case cut
    }

    let blocks: [Block]
    let ending: Ending

    /// The finish reason, or `error` for a turn that does not finish.
    var finishReason: String {
        if case .finish(let reason) = ending { return reason }
        return "error"
    }

    /// Whether the stream ends with `finish` (not an error, not a cut).
    var finishes: Bool {
        if case .finish = ending { return true }
        return false
    }

    /// The client tool calls, in order.
    var clientToolCalls: [ChatbaseToolCall] {
        blocks.compactMap { block in
            if case .clientTool(let call) = block { return call }
            return nil
        }
    }

    /// The parts the assistant message stores.
    var parts: [AnyCodableValue] {
        blocks.flatMap { block -> [AnyCodableValue] in
            switch block {
            case .text(_, let text):
                return [["type": "text", "text": .string(text)]]
            case .clientTool(let call):
                return [Self.toolCallPart(call)]
            case .serverTool(let call, let output):
                return [Self.toolCallPart(call), Self.toolResultPart(call, output: output)]
            }
        }
    }

    /// A `tool-call` part.
    static func toolCallPart(_ call: ChatbaseToolCall) -> AnyCodableValue {
        ["type": "tool-call", "toolCallId": .string(call.id), "toolName": .string(call.name), "input": call.input]
    }

    /// A `tool-result` part.
    static func toolResultPart(_ call: ChatbaseToolCall, output: AnyCodableValue) -> AnyCodableValue {
        ["type": "tool-result", "toolCallId": .string(call.id), "toolName": .string(call.name), "output": output]
    }

    /// A fresh random id with `prefix`: `prefix_` and 24 hex digits.
    static func newID(_ prefix: String) -> String {
        prefix + "_" + String(UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(24))
    }

    /// Splits text into the deltas the stream sends: each word with the spaces after it (spaces before the
    /// first word stay with it), so the deltas concatenate to exactly `text` and none is empty.
    static func deltas(of text: String) -> [Substring] {
        var deltas: [Substring] = []
        var start = text.startIndex
        var sawWord = false
        var index = text.utf8.startIndex
        while index != text.utf8.endIndex {
            let isSpace = text.utf8[index] == UInt8(ascii: " ")
            if !isSpace && sawWord && text.utf8[text.utf8.index(before: index)] == UInt8(ascii: " ") {
                deltas.append(text[start..<index])
                start = index
            }
            if !isSpace { sawWord = true }
            index = text.utf8.index(after: index)
        }
        if start != text.endIndex { deltas.append(text[start...]) }
        return deltas
    }
}
