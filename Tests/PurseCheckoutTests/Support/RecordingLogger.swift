import ErrorCore

/// Everything the SDK logged, at every level (so the HTTP trace is on).
final class RecordingLogger: SDKLogger {
    private let recorded = Locked<[LogRecord]>([])

    func log(_ record: LogRecord) {
        recorded.withLock { $0.append(record) }
    }

    /// Every record's message, in order.
    var messages: [String] { recorded.withLock { $0.map(\.message) } }
}
