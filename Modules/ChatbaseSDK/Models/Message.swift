import Foundation

/// A message in a conversation: the reply inside a ``ChatResponse``, and each item of
/// ``ChatbaseClient/listMessages(conversationId:cursor:limit:)``.
///
/// Use ``text`` for a plain chat log, and ``parts`` when you want to show tool activity.
/// When a reply took several tool rounds, ``text`` joins the text of every round and ``id`` is the
/// ID of the final message.
public struct Message: Identifiable, Sendable, Hashable, Codable {
    /// The server's message ID.
    public var id: String
    /// All the text parts joined together.
    public var text: String
    /// `.user` or `.agent`.
    public var sender: MessageSender
    /// When the message was created; the current time when the server did not say.
    public var date: Date
    /// `.positive`, `.negative`, or `nil`. Set for messages loaded from history.
    public var feedback: MessageFeedback?
    /// A score from the server, when there is one.
    public var score: Double?
    /// The message broken into pieces, in order.
    public var parts: [MessagePart]

    /// Creates a message, e.g. for previews and tests.
    public init(
        id: String,
        text: String,
        sender: MessageSender,
        date: Date,
        feedback: MessageFeedback? = nil,
        score: Double? = nil,
        parts: [MessagePart] = []
    ) {
        self.id = id
        self.text = text
        self.sender = sender
        self.date = date
        self.feedback = feedback
        self.score = score
        self.parts = parts
    }

    private enum CodingKeys: String, CodingKey {
        case id, role, parts, createdAt, feedback, metadata
    }

    private enum MetadataKeys: String, CodingKey {
        case score
    }

    /// Decodes the wire form `{id, role, parts, createdAt?, feedback?, metadata?: {score?}}`.
    ///
    /// `createdAt` is Unix seconds (fractions kept); an unknown `feedback` string is `nil`; a
    /// `metadata` that is not an object, or a non-numeric score, is ignored; a part of a type this
    /// SDK does not know is left out of ``parts`` (see ``MessagePart``).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        sender = try container.decode(MessageSender.self, forKey: .role)
        let wireParts = try container.decodeIfPresent([WirePart].self, forKey: .parts) ?? []
        parts = wireParts.compactMap(\.part)
        let unknownTypes = wireParts.compactMap(\.unknownType)
        if !unknownTypes.isEmpty {
            (decoder.userInfo[SkippedParts.key] as? SkippedParts)?.record(messageId: id, types: unknownTypes)
        }
        text = Self.joinedText(of: parts)
        date = try container.decodeIfPresent(UnixTime.self, forKey: .createdAt)?.date ?? Date()
        feedback = (try? container.decodeIfPresent(String.self, forKey: .feedback)).flatMap {
            $0.flatMap(MessageFeedback.init(rawValue:))
        }
        let metadata = try? container.nestedContainer(keyedBy: MetadataKeys.self, forKey: .metadata)
        score = (try? metadata?.decodeIfPresent(Double.self, forKey: .score)) ?? nil
    }

    /// Encodes the wire form (see ``init(from:)``).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(sender, forKey: .role)
        try container.encode(parts, forKey: .parts)
        try container.encode(UnixTime(date), forKey: .createdAt)
        try container.encodeIfPresent(feedback, forKey: .feedback)
        if let score {
            var metadata = container.nestedContainer(keyedBy: MetadataKeys.self, forKey: .metadata)
            try metadata.encode(score, forKey: .score)
        }
    }

    /// The text parts of `parts`, concatenated in order.
    static func joinedText(of parts: [MessagePart]) -> String {
        var text = ""
        for case .text(let piece) in parts { text += piece }
        return text
    }
}
