import ChatbaseSDK

// Error handling written against the official SDK's two public error enums, switching over every
// case, as an app that wants a message per failure does.

/// The alert text for each failure.
enum ErrorAlerts {
    static func message(for error: APIError) -> String {
        switch error {
        case .invalidResponse:
            return "The server sent something unexpected."
        case .httpError(let statusCode, let detail):
            if statusCode == 402 { return "Out of messages (\(detail.code))." }
            if let field = detail.details?.keys.sorted().first { return "Check \(field): \(detail.message)" }
            return "Error \(statusCode): \(detail.code)"
        case .networkError(let underlying):
            return "Network problem: \(underlying.localizedDescription)"
        }
    }

    static func message(for error: ChatError) -> String {
        switch error {
        case .noContent: return "The agent sent nothing."
        case .decodingFailed: return "The reply could not be read."
        case .invalidURL(let url): return "Bad server address \(url)."
        case .toolLoopLimitExceeded(let limit): return "The agent used more than \(limit) tool steps."
        }
    }

    /// The code a support ticket quotes, from the shortcuts on ``APIError``.
    static func ticketCode(for error: any Error) -> String {
        guard let error = error as? APIError else { return "n/a" }
        return "\(error.statusCode.map(String.init) ?? "-")/\(error.apiCode ?? "-")"
    }
}
