/// Who wrote a ``Message``.
///
/// The wire's `role` is `"user"` or `"assistant"`; any role other than `"user"` is read as
/// ``agent``, because everything that is not the user comes from the agent's side.
public enum MessageSender: String, Sendable, Hashable, Codable {
    /// The person using your app.
    case user
    /// The Chatbase agent.
    case agent

    /// Reads the wire's `role`.
    public init(from decoder: any Decoder) throws {
        let role = try decoder.singleValueContainer().decode(String.self)
        self = role == "user" ? .user : .agent
    }

    /// Writes the wire's `role`: `"user"` or `"assistant"`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(self == .user ? "user" : "assistant")
    }
}

/// The user's rating of an agent message.
///
/// An unknown rating on the wire decodes as no feedback (see ``Message/feedback``).
public enum MessageFeedback: String, Sendable, Hashable, Codable {
    /// Thumbs up.
    case positive
    /// Thumbs down.
    case negative
}
