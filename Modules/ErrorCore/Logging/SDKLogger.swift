/// Where the SDKs send their diagnostics. Implement it to route them into your own logging.
///
/// Loggers are called from any thread or task, concurrently, so an implementation must be
/// thread-safe. The SDKs ask ``isEnabled(_:)`` before building a message, so a disabled level costs
/// nothing; ``NoLogger`` (`.disabled`) is the default everywhere, ``StderrLogger`` (`.stderr`)
/// prints one line per record.
///
/// ```swift
/// struct AppLogger: SDKLogger {
///     func log(_ record: LogRecord) { MyLog.write(record.level, record.message) }
/// }
/// ```
public protocol SDKLogger: Sendable {
    /// Whether records at `level` are wanted. Defaults to `true`.
    func isEnabled(_ level: LogLevel) -> Bool
    /// Records one entry. Called only for levels ``isEnabled(_:)`` accepted (when logged through
    /// ``log(_:subsystem:category:_:)``).
    func log(_ record: LogRecord)
}

extension SDKLogger {
    /// Every level is wanted unless the logger says otherwise.
    public func isEnabled(_ level: LogLevel) -> Bool { true }

    /// Logs `message` at `level` when the level is enabled; the message is built only then.
    public func log(
        _ level: LogLevel, subsystem: String, category: String, _ message: @autoclosure () -> String
    ) {
        guard isEnabled(level) else { return }
        log(LogRecord(level: level, subsystem: subsystem, category: category, message: message()))
    }
}
