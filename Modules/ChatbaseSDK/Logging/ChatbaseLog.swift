import ErrorCore
import Foundation
import SDKTransport

/// The SDK's diagnostics, under subsystem `com.chatbase.sdk`.
///
/// What is logged: method, path, status, duration, tool names, retry waits and error summaries
/// (``SDKError/logSummary``). What never is: the identity token, message text, tool input or
/// output, or any response body — none of those are passed in here.
struct ChatbaseLog: Sendable {
    static let subsystem = "com.chatbase.sdk"

    let logger: any SDKLogger

    /// One finished HTTP exchange (for a stream: its head).
    func exchange(_ method: String, _ url: URL, status: Int, since start: ContinuousClock.Instant) {
        let level: LogLevel = status >= 400 ? .warning : .info
        logger.log(
            level, subsystem: Self.subsystem, category: "http",
            "\(method) \(url.path) → \(status) in \(Self.ms(since: start)) ms")
    }

    /// An exchange that got no usable response.
    func failure(_ method: String, _ url: URL, _ error: any Error, since start: ContinuousClock.Instant) {
        logger.log(
            .warning, subsystem: Self.subsystem, category: "http",
            "\(method) \(url.path) failed after \(Self.ms(since: start)) ms: \(Self.summary(error))")
    }

    /// A stream that ended (complete or not).
    func streamEnded(_ url: URL, events: Int, since start: ContinuousClock.Instant) {
        logger.log(
            .debug, subsystem: Self.subsystem, category: "http",
            "stream \(url.path) ended after \(events) events in \(Self.ms(since: start)) ms")
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

    private static func ms(since start: ContinuousClock.Instant) -> Int64 {
        let elapsed = ContinuousClock.now - start
        return elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000
    }
}
