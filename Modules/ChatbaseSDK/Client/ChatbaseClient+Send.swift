import ErrorCore
import Foundation
import SDKTransport

extension ChatbaseClient {
    /// Sends a message, streams the reply, runs any registered tools, and returns the finished reply.
    ///
    /// Callbacks fire while it runs (each awaited before the stream is read further); tool rounds
    /// happen inside this one call (see ``maxToolLoopSteps``). On success ``currentConversationId``
    /// becomes the reply's conversation.
    ///
    /// - Parameters:
    ///   - message: the user's message.
    ///   - conversationId: the conversation to continue; `nil` always starts a new one.
    ///   - configure: sets the ``StreamCallbacks`` you need.
    /// - Throws: ``APIError`` (an SSE `error` event is `httpError` 500 `CHAT_STREAMING_ERROR`; a
    ///   stream cut before its end is `networkError(URLError(.networkConnectionLost))`),
    ///   ``ChatError`` (`toolLoopLimitExceeded`, `noContent`, `decodingFailed`, `invalidURL`), or
    ///   `CancellationError` when the Task is cancelled or a tool handler throws it. Never a partial reply.
    public func send(
        _ message: String,
        conversationId: String? = nil,
        configure: @Sendable (inout StreamCallbacks) -> Void = { _ in }
    ) async throws -> ChatResponse {
        var callbacks = StreamCallbacks()
        configure(&callbacks)
        return try await ChatbaseFailure.mapping {
            let body = ChatBody(message: message, conversationId: conversationId, stream: true)
            let first = try http.request("POST", ["chat"], body: body, streaming: true, identity: try await identity())
            return try await runReply(first: first, conversationId: conversationId, callbacks: callbacks)
        }
    }

    /// Asks the agent to answer again: `messageId` (an agent message) and everything after it are
    /// replaced by the new reply, streamed and with tools run like ``send(_:conversationId:configure:)``.
    ///
    /// - Throws: as `send`; also 404 `CHAT_RETRY_MESSAGE_NOT_FOUND`, 400 `CHAT_RETRY_NO_USER_MESSAGE`,
    ///   403 `AUTH_OWNERSHIP_MISMATCH`.
    public func retry(
        conversationId: String,
        messageId: String,
        configure: @Sendable (inout StreamCallbacks) -> Void = { _ in }
    ) async throws -> ChatResponse {
        var callbacks = StreamCallbacks()
        configure(&callbacks)
        return try await ChatbaseFailure.mapping {
            let first = try http.request(
                "POST", ["conversations", .param(conversationId), "retry"],
                body: RetryBody(messageId: messageId, stream: true), streaming: true, identity: try await identity())
            return try await runReply(first: first, conversationId: conversationId, callbacks: callbacks)
        }
    }

    /// Sends a message and returns the whole reply at once: no streaming, no callbacks, and no
    /// client-side tools (a reply that asks for one ends with ``FinishReason/toolCalls``).
    ///
    /// - Throws: ``APIError``, ``ChatError``, or `CancellationError`.
    public func sendNonStreaming(_ message: String, conversationId: String? = nil) async throws -> ChatResponse {
        try await ChatbaseFailure.mapping {
            let generation = self.generation
            let request = try http.request(
                "POST", ["chat"], body: ChatBody(message: message, conversationId: conversationId, stream: false),
                identity: try await identity())
            let reply = try http.decode(NonStreamingReply.self, from: try await http.send(request)).data
            recordReply(conversationId: reply.conversationId, userId: reply.userId, generation: generation)
            return ChatResponse(
                message: reply.message, conversationId: reply.conversationId, userMessageId: reply.userMessageId,
                finishReason: reply.finishReason ?? .stop, usage: Usage(credits: reply.credits ?? 0))
        }
    }

    /// The tool loop: read a stream; if it asked for client tools, run them in order, post each
    /// result, and open the continuation; repeat until a stream asks for none.
    private func runReply(
        first: HTTPRequest, conversationId: String?, callbacks: StreamCallbacks
    ) async throws
        -> ChatResponse
    {
        let generation = self.generation
        var conversationId = conversationId
        var parts: [MessagePart] = []
        var messageId: String?
        var userMessageId: String?
        var userId: String?
        var finishReason: FinishReason?
        var credits = 0.0
        var request = first
        var streams = 0
        while true {
            guard streams < maxToolLoopSteps else { throw ChatError.toolLoopLimitExceeded(limit: maxToolLoopSteps) }
            streams += 1
            try Task.checkCancellation()
            let turn = try await readTurn(request, callbacks: callbacks)
            parts += turn.parts
            messageId = turn.finish?.messageId ?? turn.startMessageId ?? messageId
            if let finish = turn.finish {
                conversationId = finish.conversationId ?? conversationId
                userMessageId = userMessageId ?? finish.userMessageId
                userId = finish.userId ?? userId
                finishReason = finish.finishReason ?? finishReason
                credits += finish.credits ?? 0
            }
            let pending = turn.pendingToolCalls
            if pending.isEmpty { break }
            guard let conversationId, !conversationId.isEmpty else { throw ChatError.noContent }
            for call in pending {
                try Task.checkCancellation()
                await callbacks.onToolCall?(call)
                let output = try await postToolResult(of: call, output: try await runTool(call), in: conversationId)
                parts.append(.toolResult(toolCallId: call.toolCallId, toolName: call.toolName, output: output))
                await callbacks.onToolResult?(
                    ToolResultInfo(toolCallId: call.toolCallId, toolName: call.toolName, output: output))
            }
            request = try http.request(
                "POST", ["chat"], body: ContinueBody(conversationId: conversationId, stream: true), streaming: true,
                identity: try await identity())
        }
        guard let conversationId, !conversationId.isEmpty else {
            throw ChatError.decodingFailed("the reply did not say which conversation it belongs to")
        }
        recordReply(conversationId: conversationId, userId: userId, generation: generation)
        let message = Message(
            id: messageId ?? "", text: Message.joinedText(of: parts), sender: .agent, date: Date(), parts: parts)
        return ChatResponse(
            message: message, conversationId: conversationId, userMessageId: userMessageId,
            finishReason: finishReason ?? .stop, usage: Usage(credits: credits))
    }

    /// Opens one stream and reads it to its end. The request carries both limits: the transport fails
    /// it once the server is silent for the request timeout, or the whole exchange outlasts the
    /// resource timeout.
    private func readTurn(_ request: HTTPRequest, callbacks: StreamCallbacks) async throws -> StreamTurn {
        let start = clock.now
        let response = try await http.stream(request)
        var reader = StreamReader(callbacks: callbacks)
        defer { log.http.streamEnded(request, events: reader.eventCount, duration: clock.elapsed(since: start)) }
        return try await reader.read(response.body)
    }
}

struct ChatBody: Encodable, Sendable {
    let message: String
    let conversationId: String?
    let stream: Bool
}

struct ContinueBody: Encodable, Sendable {
    let conversationId: String
    let stream: Bool
}

struct RetryBody: Encodable, Sendable {
    let messageId: String
    let stream: Bool
}

/// `{"data": {…Message…, "metadata": {conversationId, userMessageId?, userId?, finishReason, usage}}}`.
struct NonStreamingReply: Decodable {
    struct Payload: Decodable {
        let message: Message
        let conversationId: String
        let userMessageId: String?
        let userId: String?
        let finishReason: FinishReason?
        let credits: Double?

        private enum Keys: String, CodingKey {
            case metadata
        }

        private enum MetadataKeys: String, CodingKey {
            case conversationId, userMessageId, userId, finishReason, usage
        }

        private enum UsageKeys: String, CodingKey {
            case credits
        }

        init(from decoder: any Decoder) throws {
            message = try Message(from: decoder)
            let metadata = try decoder.container(keyedBy: Keys.self)
                .nestedContainer(keyedBy: MetadataKeys.self, forKey: .metadata)
            conversationId = try metadata.decode(String.self, forKey: .conversationId)
            userMessageId = try metadata.decodeIfPresent(String.self, forKey: .userMessageId)
            userId = try metadata.decodeIfPresent(String.self, forKey: .userId)
            finishReason = try metadata.decodeIfPresent(FinishReason.self, forKey: .finishReason)
            let usage = try? metadata.nestedContainer(keyedBy: UsageKeys.self, forKey: .usage)
            credits = (try? usage?.decodeIfPresent(Double.self, forKey: .credits)) ?? nil
        }
    }

    let data: Payload
}
