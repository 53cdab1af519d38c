/// The request id of the most recent completed request, for crash reports and support tickets.
///
/// ```swift
/// let requestId = await PalbeCorrelation.shared.lastRequestID   // "req_0d5e7c3a-…"
/// ```
///
/// It is the `X-Request-Id` of the last response any call received, success or failure (with
/// retries, the last attempt's). A call that got no response at all leaves it unchanged.
public actor PalbeCorrelation {
    /// The process-wide record every client writes to unless a test gave it its own.
    public static let shared = PalbeCorrelation()

    /// The `X-Request-Id` of the most recently completed request, or `nil` before the first.
    public private(set) var lastRequestID: String?

    /// A separate record, for tests that must not share ``shared``.
    package init() {}

    /// Records the id of a response just received.
    func record(_ requestID: String) {
        lastRequestID = requestID
    }
}
