#if canImport(os)
    import os

    /// Sends SDK log records to the unified logging system (Console.app, `log stream`), under the
    /// record's subsystem and category. Apple platforms only; on Linux use ``StderrLogger``.
    public struct UnifiedLogger: SDKLogger {
        /// A logger; it has no state.
        public init() {}

        /// Logs `record` through `os.Logger`, its message public (the SDKs redact before logging).
        public func log(_ record: LogRecord) {
            let logger = Logger(subsystem: record.subsystem, category: record.category)
            let type: OSLogType =
                switch record.level {
                case .trace, .debug: .debug
                case .info: .info
                case .warning: .default
                case .error: .error
                }
            // Already redacted by the SDK, so it is safe to show in full.
            logger.log(level: type, "\(record.message, privacy: .public)")
        }
    }
#endif
