import ErrorCore
import Foundation

/// One piece of a ``Message``: text, a tool call, or a tool result, in the order they happened.
///
/// The three cases are the official SDK's, so an exhaustive `switch` written against it compiles
/// here unchanged. Decoding reads the wire's `type` (`text`, `tool-call`, `tool-result`). Inside a
/// ``Message``, a part of a type this SDK does not know is left out of ``Message/parts`` and logged
/// (category `ChatService`); the message and the rest of its page are kept, so a server that adds
/// new part types does not break older apps. Decoding such a part on its own throws.
public enum MessagePart: Sendable, Hashable, Codable {
    /// Text written by the agent, or sent by the user. The value is the text itself.
    case text(String)
    /// The agent asked for a tool. `input` is the tool's arguments.
    case toolCall(toolCallId: String, toolName: String, input: JSONValue)
    /// A tool's result: from your handler (client-side tools) or from the server (server-side tools).
    case toolResult(toolCallId: String, toolName: String, output: JSONValue)

    /// The wire `type`s this SDK decodes.
    static let knownTypes: Set<String> = ["text", "tool-call", "tool-result"]

    private enum CodingKeys: String, CodingKey {
        case type, text, toolCallId, toolName, input, output
    }

    /// Decodes a wire part; a `type` other than `text`, `tool-call` and `tool-result` throws
    /// `DecodingError.dataCorrupted` (a ``Message`` skips such parts instead).
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
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: container, debugDescription: "unknown message part type")
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
        }
    }
}

/// A wire part inside a message: a ``MessagePart``, or the `type` of one this SDK does not know.
struct WirePart: Decodable {
    let part: MessagePart?
    let unknownType: String?

    private enum CodingKeys: String, CodingKey {
        case type
    }

    init(from decoder: any Decoder) throws {
        let type = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .type)
        if MessagePart.knownTypes.contains(type) {
            part = try MessagePart(from: decoder)
            unknownType = nil
        } else {
            part = nil
            unknownType = type
        }
    }
}

/// Collects the parts a decode left out, so the client can log them: handed to the decoder in
/// `userInfo` under ``key``, filled by ``Message/init(from:)``.
final class SkippedParts: Sendable {
    static let key = CodingUserInfoKey(rawValue: "com.chatbase.sdk.skippedParts")!

    /// `(message ID, part type)` pairs, in decode order.
    private let skipped = Locked<[(messageId: String, type: String)]>([])

    func record(messageId: String, types: [String]) {
        skipped.withLock { $0 += types.map { (messageId, $0) } }
    }

    var all: [(messageId: String, type: String)] { skipped.withLock { $0 } }
}
