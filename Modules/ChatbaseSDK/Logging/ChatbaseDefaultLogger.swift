import ErrorCore
import Foundation

extension ChatbaseClient {
    /// Where a client's diagnostics go unless you pass a `logger`.
    ///
    /// - Apple platforms: the unified logging system, subsystem `com.chatbase.sdk` (Console.app,
    ///   `log stream --predicate 'subsystem == "com.chatbase.sdk"'`), as the official SDK does.
    /// - Linux: standard error when the process runs with `CHATBASE_DEBUG=1` (or `yes`, `true`), otherwise nowhere, so a
    ///   server or a CLI tool stays quiet by default.
    ///
    /// Whatever the destination, records hold method, path, status, duration, tool names and error
    /// codes: never a token, message text, or tool input or output.
    public static var defaultLogger: any SDKLogger {
        defaultLogger(environment: ProcessInfo.processInfo.environment)
    }

    /// The rule behind ``defaultLogger``, with the environment injected.
    package static func defaultLogger(environment: [String: String]) -> any SDKLogger {
        #if canImport(os)
            UnifiedLogger()
        #else
            DebugFlag.isOn(environment["CHATBASE_DEBUG"]) ? StderrLogger(minimumLevel: .debug) : NoLogger()
        #endif
    }
}
