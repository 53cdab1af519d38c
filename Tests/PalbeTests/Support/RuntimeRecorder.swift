import ErrorCore
import Palbe

/// Records what a client's runtime seams saw: log records, the waits it asked for, the errors its
/// hook received. Waits return at once, so retry tests never sleep; jitter is fixed at the middle.
final class RuntimeRecorder: Sendable {
    private let state = Locked(State())
    /// This recorder's own correlation record (never the shared one, so parallel tests do not mix).
    let correlation = PalbeCorrelation()

    private struct State {
        var records: [LogRecord] = []
        var sleeps: [Duration] = []
        var hookErrors: [BackendError] = []
    }

    /// The runtime to hand a test client.
    func runtime(traceHTTP: Bool = true, random: Double = 0.5) -> PalbeRuntime {
        PalbeRuntime(
            logger: RecordingLogger(recorder: self), traceHTTP: traceHTTP, correlation: correlation,
            retryPolicy: .palbe,
            clock: SDKClock(
                sleep: { [self] duration in
                    try Task.checkCancellation()
                    state.withLock { $0.sleeps.append(duration) }
                },
                random: { random }))
    }

    /// A hook that records every error it sees.
    var hook: @Sendable (BackendError) -> Void {
        { [self] error in state.withLock { $0.hookErrors.append(error) } }
    }

    var records: [LogRecord] { state.withLock { $0.records } }
    var sleeps: [Duration] { state.withLock { $0.sleeps } }
    var hookErrors: [BackendError] { state.withLock { $0.hookErrors } }

    /// The whole trace as one text.
    var traceText: String { records.map(\.message).joined(separator: "\n") }

    fileprivate func append(_ record: LogRecord) {
        state.withLock { $0.records.append(record) }
    }
}

/// An ``SDKLogger`` that hands every record to a ``RuntimeRecorder``.
struct RecordingLogger: SDKLogger {
    let recorder: RuntimeRecorder

    func log(_ record: LogRecord) {
        recorder.append(record)
    }
}
