import ErrorCore
import Foundation
import SDKTransport

/// The SDK's diagnostics, under subsystem `com.chatbase.sdk`.
///
/// What is logged: method, path, status, duration, tool names, retry waits and error summaries
/// (``SDKError/logSummary``). What never is: the identity token, message text, tool input or
/// output, or any body — ``http`` is configured to omit bodies, and none of the rest is passed in here.
struct ChatbaseLog: Sendable {
    static let subsystem = "com.chatbase.sdk"

    /// The official SDK's categories, so a Console.app filter written for it keeps working.
    enum Category {
        /// HTTP exchanges (``ChatbaseLog/http``).
        static let apiClient = "APIClient"
        /// The reply and the tool loop: tool handlers, tool-result retries, parts left out of a message.
        static let chatService = "ChatService"
        /// The device ID and the identity token.
        static let identity = "Identity"
        /// ``ConversationState``.
        static let conversationState = "ConversationState"
    }

    let logger: any SDKLogger
    /// HTTP exchanges, one record per outcome (``ExchangeTrace/Configuration/chatbase``).
    let http: ExchangeTrace

    init(logger: any SDKLogger) {
        self.logger = logger
        http = ExchangeTrace(.chatbase, logger: logger)
    }

    /// Anything else worth a line; `message` must already be free of secrets and user content.
    func note(_ level: LogLevel, _ category: String, _ message: @autoclosure () -> String) {
        logger.log(level, subsystem: Self.subsystem, category: category, message())
    }

    /// A safe one-line description of an error: the SDK's summary, or only the error's type.
    static func summary(_ error: any Error) -> String {
        if let error = error as? any SDKError { return error.logSummary }
        if let error = error as? TransportError { return "transport \(error.code.rawValue)" }
        return String(describing: type(of: error))
    }
}

extension ExchangeTrace.Configuration {
    /// Chatbase's HTTP log: `POST /api/sdk/agents/…/chat → 200 in 12 ms` at `info` (`warning` from
    /// 400 and for failures), `stream … ended after N events` at `debug`, under category `APIClient`
    /// (the official SDK's). Paths only, never a query, a header or a body: requests carry the
    /// identity token, and bodies carry message text and tool data.
    static let chatbase = ExchangeTrace.Configuration(
        subsystem: ChatbaseLog.subsystem, category: ChatbaseLog.Category.apiClient, format: .summary,
        bodies: .omitted)
}
