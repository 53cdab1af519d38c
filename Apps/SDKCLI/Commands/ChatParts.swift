import ChatbaseSDK

/// Reads a message's parts the way the CLI shows them: each tool call paired with its result.
enum ChatParts {
    /// A tool call and, when the message holds one, its result.
    struct ToolCall: Equatable {
        let id: String
        let name: String
        let input: JSONValue
        let output: JSONValue?
    }

    /// What one part shows as, in order; a tool result is folded into its call's line.
    enum Line: Equatable {
        case text(String)
        case tool(ToolCall)
    }

    /// The tool calls in `parts`, in order, with their results (a result without a call is kept too).
    static func toolCalls(in parts: [MessagePart]) -> [ToolCall] {
        lines(of: parts).compactMap { line in
            if case .tool(let call) = line { return call }
            return nil
        }
    }

    /// `parts` as display lines: text, and tool calls with their results. (Parts of a type the SDK does
    /// not know never reach here: the SDK leaves them out of the message and logs them.)
    static func lines(of parts: [MessagePart]) -> [Line] {
        var results: [String: (name: String, output: JSONValue)] = [:]
        var called: Set<String> = []
        for part in parts {
            switch part {
            case .toolResult(let id, let name, let output): results[id] = (name, output)
            case .toolCall(let id, _, _): called.insert(id)
            default: break
            }
        }
        return parts.compactMap { part -> Line? in
            switch part {
            case .text(let text):
                return .text(text)
            case .toolCall(let id, let name, let input):
                return .tool(ToolCall(id: id, name: name, input: input, output: results[id]?.output))
            case .toolResult(let id, let name, let output):
                // Shown with its call; alone only when the call is not in this message.
                return called.contains(id) ? nil : .tool(ToolCall(id: id, name: name, input: .null, output: output))
            }
        }
    }
}
