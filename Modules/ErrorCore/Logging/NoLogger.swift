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
