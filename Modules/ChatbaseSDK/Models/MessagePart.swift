import Foundation

/// One piece of a ``Message``: text, a tool call, or a tool result, in the order they happened.
///
/// Decoding reads the wire's `type` (`text`, `tool-call`, `tool-result`); a part of a type this SDK
/// does not know becomes ``unknown(type:)`` instead of failing the whole message, so a server that
/// adds new part types does not break older apps. Encoding writes the wire form back (an unknown
/// part as `{"type": …}` alone).
public enum MessagePart: Sendable, Hashable, Codable {
    /// Text written by the agent, or sent by the user. The value is the text itself.
    case text(String)
    /// The agent asked for a tool. `input` is the tool's arguments.
    case toolCall(toolCallId: String, toolName: String, input: JSONValue)
    /// A tool's result: from your handler (client-side tools) or from the server (server-side tools).
    case toolResult(toolCallId: String, toolName: String, output: JSONValue)
    /// A part of a type this version of the SDK does not know; `type` is the wire's name for it.
    case unknown(type: String)

    private enum CodingKeys: String, CodingKey {
        case type, text, toolCallId, toolName, input, output
    }

    /// Decodes a wire part; see the type's discussion for unknown types.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: .type)
        switch type {
        case "text":
            self = .text(try container.decode(String.self, forKey: .text))
        case "tool-call":
            self = .toolCall(
                toolCallId: try container.decode(String.self, forKey: .toolCallId),
                toolName: try container.decode(String.self, forKey: .toolName),
                input: try container.decodeIfPresent(JSONValue.self, forKey: .input) ?? .null)
        case "tool-result":
            self = .toolResult(
                toolCallId: try container.decode(String.self, forKey: .toolCallId),
                toolName: try container.decodeIfPresent(String.self, forKey: .toolName) ?? "",
                output: try container.decodeIfPresent(JSONValue.self, forKey: .output) ?? .null)
        default:
            self = .unknown(type: type)
        }
    }

    /// Encodes the wire form of the part.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .text(let text):
            try container.encode("text", forKey: .type)
            try container.encode(text, forKey: .text)
        case .toolCall(let toolCallId, let toolName, let input):
            try container.encode("tool-call", forKey: .type)
            try container.encode(toolCallId, forKey: .toolCallId)
            try container.encode(toolName, forKey: .toolName)
            try container.encode(input, forKey: .input)
        case .toolResult(let toolCallId, let toolName, let output):
            try container.encode("tool-result", forKey: .type)
            try container.encode(toolCallId, forKey: .toolCallId)
            try container.encode(toolName, forKey: .toolName)
            try container.encode(output, forKey: .output)
        case .unknown(let type):
            try container.encode(type, forKey: .type)
        }
    }
}
