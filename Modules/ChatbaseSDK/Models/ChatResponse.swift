/// What ``ChatbaseClient/send(_:conversationId:configure:)``,
/// ``ChatbaseClient/retry(conversationId:messageId:configure:)`` and
/// ``ChatbaseClient/sendNonStreaming(_:conversationId:)`` give back.
///
/// ```swift
/// let response = try await client.send("Hello")
/// print(response.message.text)
/// let next = try await client.send("Tell me more", conversationId: response.conversationId)
/// ```
public struct ChatResponse: Sendable, Hashable, Codable {
    /// The agent's reply. After tool rounds, its text joins every round and its ID is the last one.
    public let message: Message
    /// The conversation this reply belongs to. Pass it to your next `send` to continue.
    public let conversationId: String
    /// The server's ID for the user message that prompted this reply.
    public let userMessageId: String?
    /// Why the reply ended.
    public let finishReason: FinishReason
    /// How many credits it used.
    public let usage: Usage

    /// Creates a response, e.g. for previews and tests.
    public init(
        message: Message, conversationId: String, userMessageId: String?, finishReason: FinishReason, usage: Usage
    ) {
        self.message = message
        self.conversationId = conversationId
        self.userMessageId = userMessageId
        self.finishReason = finishReason
        self.usage = usage
    }
}
