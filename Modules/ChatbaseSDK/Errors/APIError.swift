import ErrorCore
import Foundation

/// Network problems and error responses from the Chatbase server.
///
/// Match on ``statusCode`` and ``apiCode``, never on the message: the message is written for
/// developers and is not translated. ``localizedDescription`` is safe to log and to send to a crash
/// reporter: it holds only the code, the message and the status, never a token or message text.
public enum APIError: Error, LocalizedError {
    /// The server sent something that was not an HTTP response. Treat it like a network problem.
    case invalidResponse
    /// The server returned an error status; `detail.code` is the code to check.
    case httpError(statusCode: Int, detail: APIErrorDetail)
    /// The request never got through: no connection, DNS failure, or a timeout. The value inside is
    /// the underlying `URLError`.
    case networkError(any Error)

    /// The HTTP status; `nil` unless this is ``httpError(statusCode:detail:)``.
    public var statusCode: Int? {
        guard case .httpError(let statusCode, _) = self else { return nil }
        return statusCode
    }

    /// The server's error code (`"CHAT_CREDITS_EXHAUSTED"`, …); `nil` unless this is
    /// ``httpError(statusCode:detail:)``.
    public var apiCode: String? {
        guard case .httpError(_, let detail) = self else { return nil }
        return detail.code
    }

    /// How many seconds the server asked you to wait (its `Retry-After` header, sent with 429);
    /// `nil` for other errors or when the header was missing.
    public var retryAfter: Int? {
        guard case .httpError(_, let detail) = self else { return nil }
        return detail.retryAfter
    }

    /// A developer-facing description: code, message and status only.
    public var errorDescription: String? {
        switch self {
        case .invalidResponse:
            return "Chatbase: the server's answer was not an HTTP response."
        case .httpError(let statusCode, let detail):
            let message = detail.message.isEmpty ? "" : ": \(detail.message)"
            return "Chatbase \(detail.code) (HTTP \(statusCode))\(message)"
        case .networkError(let underlying):
            let code = (underlying as? URLError).map { " (URLError \($0.code.rawValue))" } ?? ""
            return "Chatbase: the request did not get through\(code)."
        }
    }
}

extension APIError: SDKError {
    /// Always `"chatbase"`.
    public var sdkName: String { "chatbase" }
    /// The server's code for ``httpError(statusCode:detail:)``; `INVALID_RESPONSE` or
    /// `NETWORK_ERROR` for the other two cases.
    public var errorCode: String {
        switch self {
        case .invalidResponse: return "INVALID_RESPONSE"
        case .httpError(_, let detail): return detail.code
        case .networkError: return "NETWORK_ERROR"
        }
    }
    /// The same value as ``statusCode``.
    public var httpStatus: Int? { statusCode }
    /// Chatbase does not return a request id; always `nil`.
    public var serverRequestID: String? { nil }
}
