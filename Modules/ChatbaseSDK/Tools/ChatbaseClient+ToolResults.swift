import ErrorCore
import Foundation

extension ChatbaseClient {
    /// The largest tool result sent as is: 20 KB of encoded JSON, the server's limit.
    static let toolResultLimit = 20_480

    /// Runs the handler for `call`. An unknown tool or a handler that throws gives `{"error": …}`
    /// for the agent; `CancellationError` (or a cancelled Task) cancels the reply.
    func runTool(_ call: ToolCallInfo) async throws -> JSONValue {
        guard let handler = tools.handler(named: call.toolName) else {
            log.note(.warning, ChatbaseLog.Category.chatService, "no handler for tool \(call.toolName)")
            return ["error": .string("No handler registered for tool '\(call.toolName)'")]
        }
        do {
            return try await handler(call.input)
        } catch {
            if error is CancellationError || Task.isCancelled { throw CancellationError() }
            log.note(
                .warning, ChatbaseLog.Category.chatService,
                "tool \(call.toolName) failed: \(ChatbaseLog.summary(error))")
            return ["error": .string(error.localizedDescription)]
        }
    }

    /// Posts a tool result and returns what the agent received.
    ///
    /// A result over ``toolResultLimit`` bytes of JSON (or one that cannot be encoded) is replaced
    /// by an `{"error": …}` object. Posting is retried as ``BackoffPolicy/chatbaseToolResults`` says
    /// when a retry can help: no response, 404 (the call may not be stored yet), 429 (waiting at least
    /// `Retry-After`) and 5xx. A 404 `RESOURCE_TOOL_RESULT_NOT_PENDING` after an attempt whose outcome
    /// was unknown means that attempt arrived, so it counts as success.
    func postToolResult(of call: ToolCallInfo, output: JSONValue, in conversationId: String) async throws -> JSONValue {
        let sent = Self.sendable(output)
        if sent != output {
            log.note(.warning, ChatbaseLog.Category.chatService, "result of tool \(call.toolName) replaced: \(sent)")
        }
        let request = try http.request(
            "POST", ["conversations", .param(conversationId), "tool-result"],
            body: ToolResultBody(toolCallId: call.toolCallId, output: sent),
            identity: try await identity())
        // An attempt with no answer may have arrived: a later NOT_PENDING then means it did.
        var outcomeUnknown = false
        try await BackoffPolicy.chatbaseToolResults.retrying(
            clock: clock,
            note: { retry, wait, failure in
                log.note(
                    .warning, ChatbaseLog.Category.chatService,
                    "tool result not accepted (\(ChatbaseLog.summary(failure))); retry \(retry) in \(wait)")
            },
            decide: Self.retryDecision(after:),
            operation: {
                do {
                    _ = try await http.send(request)
                } catch {
                    let failure = ChatbaseFailure.map(error)
                    if outcomeUnknown, (failure as? APIError)?.apiCode == "RESOURCE_TOOL_RESULT_NOT_PENDING" { return }
                    if case .networkError = failure as? APIError { outcomeUnknown = true }
                    throw failure
                }
            })
        return sent
    }

    /// Whether posting a tool result again can help after `failure`: no response, a 404 other than the
    /// hopeless ones (the call may not be stored yet), a 429 (waiting at least its `Retry-After`) or a 5xx.
    static func retryDecision(after failure: any Error) -> BackoffPolicy.RetryDecision {
        guard let failure = failure as? APIError else { return .stop }
        switch failure {
        case .networkError, .invalidResponse:
            return .retry(retryAfter: nil)
        case .httpError(let status, let detail):
            let hopeless = ["RESOURCE_TOOL_CALL_MISMATCH", "RESOURCE_TOOL_RESULT_NOT_PENDING", "AGENT_NOT_FOUND"]
            switch status {
            case 404 where !hopeless.contains(detail.code), 500...599: return .retry(retryAfter: nil)
            case 429: return .retry(retryAfter: detail.retryAfter)
            default: return .stop
            }
        }
    }

    /// `output`, or the error object the agent gets instead when it is too large or not encodable.
    static func sendable(_ output: JSONValue) -> JSONValue {
        guard let encoded = try? ChatbaseHTTP.encoder.encode(output) else {
            return ["error": "tool result is not valid JSON"]
        }
        return encoded.count > toolResultLimit ? ["error": "tool result too large"] : output
    }
}

/// `{"output": …, "toolCallId": "…"}`.
struct ToolResultBody: Encodable, Sendable {
    let toolCallId: String
    let output: JSONValue
}

extension BackoffPolicy {
    /// Posting a tool result: at most 3 retries, after 300, 600 and 1200 ms, without jitter. A 429
    /// waits at least its `Retry-After`, however long.
    static let chatbaseToolResults = BackoffPolicy(
        maxRetries: 3, baseDelay: .milliseconds(300), maxDelay: .milliseconds(1200), jitter: .none)
}
