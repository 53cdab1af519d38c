import EmulatorCore
import ErrorCore
import Foundation
import HTTPServer

/// An error answer of the Chatbase API: `{"error":{"code","message","details"?}}` with its status.
///
/// Every failure the emulator can explain is one of these (the codes are the table in
/// `chatbase-error-handling.md`); anything else thrown inside the service becomes 500 `INTERNAL_SERVER_ERROR`.
struct ChatbaseAPIError: Error, Sendable {
    /// The HTTP status.
    var status: Int
    /// The machine code, e.g. `AUTH_INVALID_JWT`.
    var code: String
    /// A sentence for developers.
    var message: String
    /// Which fields were wrong; values are usually strings.
    var details: [String: AnyCodableValue]?
    /// Extra headers, e.g. `Retry-After`.
    var headers: [(String, String)] = []

    /// The JSON body.
    var body: AnyCodableValue {
        var error: [String: AnyCodableValue] = ["code": .string(code), "message": .string(message)]
        if let details { error["details"] = .object(details) }
        return .object(["error": .object(error)])
    }

    /// The complete response (the caller adds the rate-limit headers and the request id).
    var response: HTTPServerResponse {
        var headers = HTTPHeaders()
        for (name, value) in self.headers { headers.set(name, value) }
        return .json(status, body.jsonText, headers: headers)
    }
}

extension ChatbaseAPIError {
    // MARK: - 400

    /// 400 `VALIDATION_INVALID_BODY` naming the wrong fields.
    static func invalidBody(_ details: [String: AnyCodableValue]) -> ChatbaseAPIError {
        let fields = details.keys.sorted().joined(separator: ", ")
        return ChatbaseAPIError(
            status: 400, code: "VALIDATION_INVALID_BODY", message: "The request is not valid: \(fields)",
            details: details)
    }

    /// 400 `VALIDATION_INVALID_BODY` for one field with a reason.
    static func invalidBody(_ field: String, _ reason: String) -> ChatbaseAPIError {
        invalidBody([field: .string(reason)])
    }

    static let invalidJSON = ChatbaseAPIError(
        status: 400, code: "VALIDATION_INVALID_JSON", message: "The request body is not valid JSON")
    static let missingUserIdentifier = ChatbaseAPIError(
        status: 400, code: "VALIDATION_MISSING_USER_IDENTIFIER", message: "The X-Device-Id header is required")
    static let invalidUserAgent = ChatbaseAPIError(
        status: 400, code: "AUTH_INVALID_USER_AGENT", message: "The User-Agent is not a Chatbase SDK")
    static let retryNoUserMessage = ChatbaseAPIError(
        status: 400, code: "CHAT_RETRY_NO_USER_MESSAGE", message: "No user message precedes this message")

    // MARK: - 401, 402, 403

    static let invalidJWT = ChatbaseAPIError(
        status: 401, code: "AUTH_INVALID_JWT", message: "The identity token is invalid or expired")
    static let creditsExhausted = ChatbaseAPIError(
        status: 402, code: "CHAT_CREDITS_EXHAUSTED", message: "The workspace has no message credits left")
    static let agentCreditsExhausted = ChatbaseAPIError(
        status: 402, code: "CHAT_AGENT_CREDITS_EXHAUSTED", message: "This agent has used up its credits")
    static let ownershipMismatch = ChatbaseAPIError(
        status: 403, code: "AUTH_OWNERSHIP_MISMATCH", message: "The conversation belongs to another user or device")
    static let conversationMismatch = ChatbaseAPIError(
        status: 403, code: "CHAT_CONVERSATION_MISMATCH", message: "The conversation belongs to another agent")
    static let modelNotAllowed = ChatbaseAPIError(
        status: 403, code: "CHAT_MODEL_NOT_ALLOWED", message: "The agent's model is not included in the plan")
    static let conversationNotOngoing = ChatbaseAPIError(
        status: 403, code: "CHAT_CONVERSATION_NOT_ONGOING", message: "The conversation can no longer take messages")

    // MARK: - 404

    static let agentNotFound = ChatbaseAPIError(
        status: 404, code: "AGENT_NOT_FOUND", message: "No agent with this id has the SDK channel enabled")
    static let resourceNotFound = ChatbaseAPIError(
        status: 404, code: "RESOURCE_NOT_FOUND", message: "The resource does not exist")
    static let retryMessageNotFound = ChatbaseAPIError(
        status: 404, code: "CHAT_RETRY_MESSAGE_NOT_FOUND", message: "No assistant message with this id")
    static let toolCallNotFound = ChatbaseAPIError(
        status: 404, code: "RESOURCE_TOOL_CALL_NOT_FOUND", message: "The tool call was not found or expired")
    static let toolCallMismatch = ChatbaseAPIError(
        status: 404, code: "RESOURCE_TOOL_CALL_MISMATCH", message: "The tool call belongs to another conversation")
    static let toolResultNotPending = ChatbaseAPIError(
        status: 404, code: "RESOURCE_TOOL_RESULT_NOT_PENDING", message: "This tool call is not awaiting a result")

    // MARK: - 429, 500

    /// 429 `RATE_LIMIT_TOO_MANY_REQUESTS` with `Retry-After` in whole seconds.
    static func rateLimited(retryAfter: Int) -> ChatbaseAPIError {
        ChatbaseAPIError(
            status: 429, code: "RATE_LIMIT_TOO_MANY_REQUESTS", message: "Too many requests for this device",
            headers: [("Retry-After", String(retryAfter))])
    }

    static let streamingError = ChatbaseAPIError(
        status: 500, code: "CHAT_STREAMING_ERROR", message: "The reply failed on the server")
    static let internalError = ChatbaseAPIError(
        status: 500, code: "INTERNAL_SERVER_ERROR", message: "Internal emulator error")
}
