import Foundation

/// One log record: what happened, how much it matters and where it comes from.
public struct LogRecord: Sendable, Hashable {
    /// How much it matters.
    public var level: LogLevel
    /// The SDK, reverse-DNS style: `studio.palbase.sdk`, `com.chatbase.sdk`.
    public var subsystem: String
    /// The area inside the SDK: `http`, `auth`, `realtime`.
    public var category: String
    /// The text. It must already be safe to log: pass anything that came off the wire through
    /// ``Redactor`` first.
    public var message: String
    /// When it happened.
    public var date: Date

    /// A record from its parts; `date` defaults to now.
    public init(level: LogLevel, subsystem: String, category: String, message: String, date: Date = Date()) {
        self.level = level
        self.subsystem = subsystem
        self.category = category
        self.message = message
        self.date = date
    }
}

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

/// The logger that drops everything: the default of every SDK.
public struct NoLogger: SDKLogger {
    /// A logger that drops everything.
    public init() {}

    /// Always `false`, so no message is ever built.
    public func isEnabled(_ level: LogLevel) -> Bool { false }

    /// Drops the record.
    public func log(_ record: LogRecord) {}
}

extension SDKLogger where Self == NoLogger {
    /// The logger that drops everything: `logger: .disabled`.
    public static var disabled: NoLogger { NoLogger() }
}

extension SDKLogger where Self == StderrLogger {
    /// A logger that writes every record from `.debug` up to standard error: `logger: .stderr`.
    public static var stderr: StderrLogger { StderrLogger() }
}
