/// Which unified-logging type a record of each SDK level is logged at (`UnifiedLogger`, Apple platforms), kept apart
/// from `os` so the rule is tested on every platform.
///
/// The SDKs log at `debug` and `trace` only the HTTP trace, which a developer turns on for a run
/// (`PALBASE_DEBUG=1`, `-PalbaseDebug YES`); it goes out at the *default* type, because the documented way
/// to read it, `log stream --predicate 'subsystem == "studio.palbase.sdk"'`, and Console's default view
/// show neither `debug` nor `info` messages. `info` stays `info`; `warning` is `default`; `error` is `error`.
public enum UnifiedLogType: Sendable, Equatable {
    case info
    case `default`
    case error

    /// The type a record at `level` is logged at.
    public init(_ level: LogLevel) {
        switch level {
        case .trace, .debug: self = .default
        case .info: self = .info
        case .warning: self = .default
        case .error: self = .error
        }
    }
}

#if canImport(os)
    import os

    /// Sends SDK log records to the unified logging system (Console.app, `log stream`), under the
    /// record's subsystem and category, at the type ``UnifiedLogType`` gives. Apple platforms only; on
    /// Linux use ``StderrLogger``.
    public struct UnifiedLogger: SDKLogger {
        /// A logger; it has no state.
        public init() {}

        /// Logs `record` through `os.Logger`, its message public (the SDKs redact before logging).
        public func log(_ record: LogRecord) {
            let logger = Logger(subsystem: record.subsystem, category: record.category)
            let type: OSLogType =
                switch UnifiedLogType(record.level) {
                case .info: .info
                case .default: .default
                case .error: .error
                }
            // Already redacted by the SDK, so it is safe to show in full.
            logger.log(level: type, "\(record.message, privacy: .public)")
        }
    }
#endif
