/// How much a log record matters, from the chattiest to the most severe.
public enum LogLevel: Int, Sendable, Hashable, Comparable, CaseIterable, CustomStringConvertible {
    /// Wire-level detail: every request and response of the HTTP trace.
    case trace
    /// Developer detail, off in production.
    case debug
    /// Normal, noteworthy events.
    case info
    /// Something unexpected that the SDK recovered from (a retry, a fallback).
    case warning
    /// A failure the caller will see.
    case error

    /// Orders by severity: `.trace < .debug < … < .error`.
    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// The lowercase name: `trace`, `debug`, `info`, `warning`, `error`.
    public var description: String {
        switch self {
        case .trace: "trace"
        case .debug: "debug"
        case .info: "info"
        case .warning: "warning"
        case .error: "error"
        }
    }
}
