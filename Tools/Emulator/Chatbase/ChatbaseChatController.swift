import EmulatorCore
import ErrorCore
import Foundation
import HTTPServer

/// `chat` (new message or continuation after tool results) and `retry`.
///
/// A turn is planned and stored (user message, assistant message, tool calls, one credit) in one
/// transaction before its stream opens, so the stored conversation never depends on how far the client
/// reads. A non-streaming `stream error`/`cut stream` turn answers 500 `CHAT_STREAMING_ERROR` and stores
/// nothing.
struct ChatbaseChatController {
    let context: ChatbaseContext

    private var conversations: ChatbaseConversationStore { context.conversations }

    /// The longest user message stored, in bytes of UTF-8: the 20 KB the API documents for a tool result,
    /// so no single request grows a conversation by more than that.
    static let maxMessageBytes = ChatbaseToolResultController.maxOutputBytes

    /// POST `/agents/{id}/chat` `{"message"?, "conversationId"?, "stream"?}` (`stream` defaults to true).
    func chat() throws -> HTTPServerResponse {
        var body = try context.body()
        let message = body.string("message", nonBlank: true)
        let conversationID = body.string("conversationId", nonBlank: true)
        let stream = body.bool("stream") ?? true
        try body.finish()
        guard message != nil || conversationID != nil else { throw ChatbaseAPIError.invalidBody("message", "required") }
        if let message, message.utf8.count > Self.maxMessageBytes {
            throw ChatbaseAPIError.invalidBody("message", "must be at most \(Self.maxMessageBytes) bytes of UTF-8")
        }

        let conversation = try conversationID.map {
            try context.ownedConversation($0, missing: ChatbaseAPIError.resourceNotFound)
        }
        if let conversation { try checkOngoing(conversation) }
        try checkModel()
        if let message {
            return try respond(stream: stream) { caller, now in
                let id =
                    try conversation?.id
                    ?? conversations.createConversation(for: caller, firstMessage: message, now: now)
                try conversations.expirePendingToolCalls(conversationID: id)
                let userMessageID = try conversations.insertMessage(
                    conversationID: id, role: "user", parts: [["type": "text", "text": .string(message)]], now: now)
                return (id, userMessageID, ChatbaseScript.reply(to: message))
            }
        }
        guard let conversation else { throw ChatbaseAPIError.invalidBody("message", "required") }
        return try respond(stream: stream) { _, _ in
            // Read inside the turn's transaction: of two continuations racing on one set of results, the
            // second finds the first's reply as the last turn, with nothing to continue, and is charged nothing.
            let (userMessage, results) = try continuationInput(conversation)
            return (
                conversation.id, userMessage.id, ChatbaseScript.continuation(of: userMessage.text, results: results)
            )
        }
    }

    /// POST `/agents/{id}/conversations/{cid}/retry` `{"messageId", "stream"?}`.
    func retry(_ conversationID: String) throws -> HTTPServerResponse {
        var body = try context.body()
        let messageID = body.string("messageId", required: true, nonBlank: true)
        let stream = body.bool("stream") ?? true
        try body.finish()
        guard let messageID else { throw ChatbaseAPIError.invalidBody("messageId", "required") }

        let conversation = try context.ownedConversation(conversationID, missing: ChatbaseAPIError.ownershipMismatch)
        try checkOngoing(conversation)
        try checkModel()
        guard let message = try conversations.message(id: messageID, conversationID: conversation.id),
            message.role == "assistant"
        else { throw ChatbaseAPIError.retryMessageNotFound }
        guard
            let userMessage = try conversations.lastMessage(
                role: "user", conversationID: conversation.id, before: message.seq)
        else { throw ChatbaseAPIError.retryNoUserMessage }
        return try respond(stream: stream) { _, _ in
            try conversations.deleteMessages(from: message.seq, conversationID: conversation.id)
            return (conversation.id, userMessage.id, ChatbaseScript.reply(to: userMessage.text))
        }
    }

    // MARK: - Turns

    /// The user message a continuation answers and the client results of the last turn. Throws 400
    /// `VALIDATION_INVALID_BODY` when a tool call still awaits its result (`details.toolCallId`) or when the
    /// last turn made no client tool calls, so there is nothing to continue (`details.message`).
    private func continuationInput(
        _ conversation: ChatbaseConversation
    ) throws
        -> (ChatbaseMessage, [(call: ChatbaseToolCall, output: AnyCodableValue)])
    {
        if let pending = try conversations.pendingToolCall(conversationID: conversation.id) {
            throw ChatbaseAPIError.invalidBody("toolCallId", "tool call \(pending.call.id) awaits its result")
        }
        guard let last = try conversations.lastMessage(conversationID: conversation.id), last.role == "assistant",
            let userMessage = try conversations.lastMessage(
                role: "user", conversationID: conversation.id, before: last.seq)
        else { throw ChatbaseAPIError.invalidBody("message", "required: there is nothing to continue") }
        let results = try conversations.toolCalls(messageID: last.id).compactMap { stored in
            stored.status == "answered" ? stored.output.map { (call: stored.call, output: $0) } : nil
        }
        guard !results.isEmpty else {
            throw ChatbaseAPIError.invalidBody("message", "required: there is nothing to continue")
        }
        return (userMessage, results)
    }

    /// Stores a turn in one transaction and answers it. `prepare` does the turn's own writes and returns the
    /// conversation, the user message the turn answers, and the reply.
    private func respond(
        stream: Bool,
        _ prepare: (ChatbaseCaller, Int64) throws -> (
            conversationID: String, userMessageID: String, reply: ChatbaseReply
        )
    ) throws -> HTTPServerResponse {
        let now = context.now
        let turn = try context.store.transaction {
            // Read again inside the transaction: two concurrent turns must not both spend the last credit.
            guard let agent = try context.agents.agent(id: context.caller.agent.id) else {
                throw ChatbaseAPIError.agentNotFound
            }
            if agent.workspaceCredits == 0 { throw ChatbaseAPIError.creditsExhausted }
            if agent.agentCredits == 0 { throw ChatbaseAPIError.agentCreditsExhausted }
            let (conversationID, userMessageID, reply) = try prepare(context.caller, now)
            if !stream, !reply.finishes { throw ChatbaseAPIError.streamingError }
            let messageID = try conversations.insertMessage(
                conversationID: conversationID, role: "assistant", parts: reply.parts, now: now)
            try conversations.insertToolCalls(of: reply, messageID: messageID, conversationID: conversationID)
            try context.agents.charge(agentID: agent.id)
            try conversations.touch(conversationID, now: now)
            return ChatbaseTurn(
                reply: reply, conversationID: conversationID, messageID: messageID, userMessageID: userMessageID,
                userID: context.caller.userID, createdAt: now)
        }
        guard stream else { return context.json(turn.nonStreamingBody) }
        return turn.streamResponse(paceMilliseconds: context.caller.agent.paceMilliseconds)
    }

    private func checkOngoing(_ conversation: ChatbaseConversation) throws {
        guard conversation.status == "ongoing" else { throw ChatbaseAPIError.conversationNotOngoing }
    }

    private func checkModel() throws {
        guard context.caller.agent.modelAllowed else { throw ChatbaseAPIError.modelNotAllowed }
    }
}
