import Foundation

/// Whether a conversation can take new messages.
///
/// A status this SDK does not know decodes as ``ongoing``: the server is the one that refuses a
/// message to a closed conversation (403 `CHAT_CONVERSATION_NOT_ONGOING`), so the SDK never blocks
/// a conversation on a guess.
public enum ConversationStatus: String, Sendable, Hashable, Codable {
    /// Open for messages.
    case ongoing
    /// Closed; start a new conversation.
    case ended
    /// A person took it over; the agent no longer answers.
    case takenOver = "taken_over"

    /// Reads the wire value; unknown strings become ``ongoing``.
    public init(from decoder: any Decoder) throws {
        let raw = try decoder.singleValueContainer().decode(String.self)
        self = ConversationStatus(rawValue: raw) ?? .ongoing
    }
}

/// A conversation, as listed by ``ChatbaseClient/listConversations(cursor:limit:)``.
///
/// Only conversations created through the mobile SDKs are listed: those of this device while
/// anonymous, those of the user once identified.
public struct Conversation: Identifiable, Sendable, Hashable, Codable {
    /// The conversation ID.
    public let id: String
    /// A title from the first user message, when the server made one.
    public let title: String?
    /// When it was created.
    public let createdAt: Date
    /// When it last changed.
    public let updatedAt: Date
    /// The identified user it belongs to; `nil` for an anonymous (device) conversation.
    public let userId: String?
    /// Whether it can take new messages.
    public let status: ConversationStatus

    /// Creates a conversation, e.g. for previews and tests.
    public init(
        id: String, title: String?, createdAt: Date, updatedAt: Date, userId: String?, status: ConversationStatus
    ) {
        self.id = id
        self.title = title
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.userId = userId
        self.status = status
    }

    private enum CodingKeys: String, CodingKey {
        case id, title, createdAt, updatedAt, userId, status
    }

    /// Decodes the wire form; timestamps are Unix seconds, a missing `status` is ``ConversationStatus/ongoing``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        title = try container.decodeIfPresent(String.self, forKey: .title)
        createdAt = try container.decode(UnixTime.self, forKey: .createdAt).date
        updatedAt = try container.decodeIfPresent(UnixTime.self, forKey: .updatedAt)?.date ?? createdAt
        userId = try container.decodeIfPresent(String.self, forKey: .userId)
        status = try container.decodeIfPresent(ConversationStatus.self, forKey: .status) ?? .ongoing
    }

    /// Encodes the wire form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encodeIfPresent(title, forKey: .title)
        try container.encode(UnixTime(createdAt), forKey: .createdAt)
        try container.encode(UnixTime(updatedAt), forKey: .updatedAt)
        try container.encodeIfPresent(userId, forKey: .userId)
        try container.encode(status, forKey: .status)
    }
}
