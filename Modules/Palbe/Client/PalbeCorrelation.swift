import ErrorCore

/// The request id of the most recent completed request, for crash reports and support tickets.
///
/// ```swift
/// let requestId = await PalbeCorrelation.shared.lastRequestID   // "req_0d5e7c3a-…"
/// ```
///
/// It is the `X-Request-Id` of the last response any call received, success or failure (with
/// retries, the last attempt's). A call that got no response at all leaves it unchanged.
///
/// Reading it is `async` (the seed's call shape); writing is a plain locked store, so recording a
/// response costs every call no hop to another executor (an actor did, measurably).
public final class PalbeCorrelation: Sendable {
    /// The process-wide record every client writes to unless a test gave it its own.
    public static var shared: PalbeCorrelation { scoped ?? process }

    private static let process = PalbeCorrelation()

    /// A record that stands in for ``shared`` within a task tree, for tests.
    ///
    /// A test process runs many clients at once, so the process-wide record there is whichever one
    /// finished last. A test that reads ``shared`` as an app does (the seed samples) binds its own
    /// record here around the clients it creates and the code that reads it, and sees only its own
    /// requests, as an app with one client would.
    @TaskLocal package static var scoped: PalbeCorrelation?

    private let last = Locked<String?>(nil)

    /// The `X-Request-Id` of the most recently completed request, or `nil` before the first.
    public var lastRequestID: String? {
        get async { last.withLock { $0 } }
    }

    /// A separate record, for tests that must not share ``shared``.
    package init() {}

    /// Records the id of a response just received.
    func record(_ requestID: String) {
        last.withLock { $0 = requestID }
    }
}
