import ChatbaseSDK
import ErrorCore
import Foundation

/// What `sdk chat send` shows while a reply streams: text deltas written as they arrive (no newline
/// added, so the reply reads as one growing line), and a line per client tool call,
/// `⚙ get_weather {"city":"Paris"} → {…}`, started when the agent asks and finished when the result
/// was sent. It keeps count of the deltas and the tool calls for the final summary.
///
/// The SDK awaits each callback before reading on, so calls never overlap; the lock only makes the
/// class safe to share with the callbacks' `@Sendable` closures.
final class ChatTranscript: Sendable {
    private struct State {
        var atLineStart = true
        var deltas = 0
        var toolCalls: [ToolCallInfo] = []
    }

    /// Where the transcript goes; `nil` (with `--json`) only counts.
    private let sink: TextSink?
    private let state = Locked(State())

    init(sink: TextSink?) {
        self.sink = sink
    }

    /// How many text deltas arrived.
    var deltaCount: Int { state.withLock { $0.deltas } }

    /// The client tool calls the agent asked for, in order.
    var toolCalls: [ToolCallInfo] { state.withLock { $0.toolCalls } }

    /// The callbacks that feed this transcript.
    func install(_ callbacks: inout StreamCallbacks) {
        callbacks.onTextDelta = { [self] delta in self.delta(delta) }
        callbacks.onToolCall = { [self] call in toolCall(call) }
        callbacks.onToolResult = { [self] result in toolResult(result) }
    }

    func delta(_ text: String) {
        let write = state.withLock { state -> Bool in
            state.deltas += 1
            guard !text.isEmpty else { return false }
            state.atLineStart = text.hasSuffix("\n")
            return true
        }
        if write { sink?.write(text) }
    }

    func toolCall(_ call: ToolCallInfo) {
        let breakLine = state.withLock { state -> Bool in
            state.toolCalls.append(call)
            defer { state.atLineStart = false }
            return !state.atLineStart
        }
        sink?.write((breakLine ? "\n" : "") + "⚙ \(call.toolName) \(ChatJSON.compact(call.input))")
    }

    func toolResult(_ result: ToolResultInfo) {
        state.withLock { $0.atLineStart = true }
        sink?.write(" → \(ChatJSON.compact(result.output))\n")
    }

    /// Ends the current line, if one is open, so what follows starts on its own.
    func endLine() {
        let open = state.withLock { state -> Bool in
            defer { state.atLineStart = true }
            return !state.atLineStart
        }
        if open { sink?.write("\n") }
    }
}

/// JSON text for people and for `--json` output: compact, keys sorted, slashes unescaped.
enum ChatJSON {
    static func compact(_ value: JSONValue) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // A non-finite number is the only thing that fails to encode; show it rather than hide the call.
        guard let data = try? encoder.encode(value) else { return String(describing: value) }
        return String(decoding: data, as: UTF8.self)
    }
}
