import Foundation

/// One event of the AI-SDK UI message stream, decoded from an SSE `data:` payload.
///
/// Only the fields the SDK uses are read, and only for the event types it handles, so extra or
/// odd fields on other events never fail a reply. An event type the SDK does not know is
/// ``unknown``.
enum StreamEvent: Sendable, Equatable {
    case start(messageId: String?)
    case textStart(id: String)
    case textDelta(id: String, delta: String)
    case textEnd(id: String)
    case toolInputAvailable(toolCallId: String, toolName: String, input: JSONValue)
    case toolOutputAvailable(toolCallId: String, output: JSONValue)
    case finish(StreamFinish)
    case error(text: String)
    case unknown(type: String)
}

/// What a `finish` event says. `finishReason` comes from the top level of the event first, then
/// from its `messageMetadata`.
struct StreamFinish: Sendable, Equatable {
    var conversationId: String?
    var messageId: String?
    var userMessageId: String?
    var userId: String?
    var finishReason: FinishReason?
    var credits: Double?
}

extension StreamEvent: Decodable {
    private enum CodingKeys: String, CodingKey {
        case type, messageId, id, delta, toolCallId, toolName, input, output, errorText, finishReason
        case messageMetadata
    }

    private enum MetadataKeys: String, CodingKey {
        case conversationId, messageId, userMessageId, userId, finishReason, usage
    }

    private enum UsageKeys: String, CodingKey {
        case credits
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: .type)
        switch type {
        case "text-delta":
            self = .textDelta(
                id: try container.decodeIfPresent(String.self, forKey: .id) ?? "",
                delta: try container.decode(String.self, forKey: .delta))
        case "start":
            self = .start(messageId: try? container.decodeIfPresent(String.self, forKey: .messageId))
        case "text-start":
            self = .textStart(id: try container.decodeIfPresent(String.self, forKey: .id) ?? "")
        case "text-end":
            self = .textEnd(id: try container.decodeIfPresent(String.self, forKey: .id) ?? "")
        case "tool-input-available":
            self = .toolInputAvailable(
                toolCallId: try container.decode(String.self, forKey: .toolCallId),
                toolName: try container.decode(String.self, forKey: .toolName),
                input: try container.decodeIfPresent(JSONValue.self, forKey: .input) ?? .null)
        case "tool-output-available":
            self = .toolOutputAvailable(
                toolCallId: try container.decode(String.self, forKey: .toolCallId),
                output: try container.decodeIfPresent(JSONValue.self, forKey: .output) ?? .null)
        case "tool-output-error":
            // A server-side tool failed: recorded the way a failed client tool is, as {"error": …}.
            let text = try container.decodeIfPresent(String.self, forKey: .errorText) ?? "tool failed"
            self = .toolOutputAvailable(
                toolCallId: try container.decode(String.self, forKey: .toolCallId), output: ["error": .string(text)])
        case "finish":
            self = .finish(try Self.finish(from: container))
        case "error":
            self = .error(text: (try? container.decodeIfPresent(String.self, forKey: .errorText)) ?? "")
        default:
            self = .unknown(type: type)
        }
    }

    private static func finish(from container: KeyedDecodingContainer<CodingKeys>) throws -> StreamFinish {
        var finish = StreamFinish()
        let topReason = try? container.decodeIfPresent(String.self, forKey: .finishReason)
        if let metadata = try? container.nestedContainer(keyedBy: MetadataKeys.self, forKey: .messageMetadata) {
            finish.conversationId = try? metadata.decodeIfPresent(String.self, forKey: .conversationId)
            finish.messageId = try? metadata.decodeIfPresent(String.self, forKey: .messageId)
            finish.userMessageId = try? metadata.decodeIfPresent(String.self, forKey: .userMessageId)
            finish.userId = try? metadata.decodeIfPresent(String.self, forKey: .userId)
            let metadataReason = try? metadata.decodeIfPresent(String.self, forKey: .finishReason)
            finish.finishReason = FinishReason(wire: topReason ?? metadataReason)
            if let usage = try? metadata.nestedContainer(keyedBy: UsageKeys.self, forKey: .usage) {
                finish.credits = try? usage.decodeIfPresent(Double.self, forKey: .credits)
            }
        } else {
            finish.finishReason = FinishReason(wire: topReason)
        }
        return finish
    }
}
