import ErrorCore
import Foundation

/// Problems the SDK finds on its own, before or instead of a server reply.
public enum ChatError: Error, LocalizedError {
    /// The agent asked for a tool before there was a conversation to attach the result to.
    case noContent
    /// A reply did not look the way the SDK expected; the string says what was wrong.
    case decodingFailed(String)
    /// The client was created with a `baseURL` that is not a valid URL.
    case invalidURL(String)
    /// The agent asked for more tool rounds than `maxToolLoopSteps` allows.
    case toolLoopLimitExceeded(limit: Int)

    /// A developer-facing description.
    public var errorDescription: String? {
        switch self {
        case .noContent:
            return "Chatbase: the agent asked for a tool before a conversation existed."
        case .decodingFailed(let what):
            return "Chatbase: a reply could not be decoded: \(what)"
        case .invalidURL(let url):
            return "Chatbase: the base URL is not a valid URL: \(url)"
        case .toolLoopLimitExceeded(let limit):
            return "Chatbase: the agent asked for more than \(limit) tool rounds."
        }
    }
}

extension ChatError: SDKError {
    /// Always `"chatbase"`.
    public var sdkName: String { "chatbase" }
    /// `NO_CONTENT`, `DECODING_FAILED`, `INVALID_URL` or `TOOL_LOOP_LIMIT_EXCEEDED`.
    public var errorCode: String {
        switch self {
        case .noContent: return "NO_CONTENT"
        case .decodingFailed: return "DECODING_FAILED"
        case .invalidURL: return "INVALID_URL"
        case .toolLoopLimitExceeded: return "TOOL_LOOP_LIMIT_EXCEEDED"
        }
    }
    /// The SDK's own errors have no HTTP status.
    public var httpStatus: Int? { nil }
    /// The SDK's own errors have no request id.
    public var serverRequestID: String? { nil }
}
