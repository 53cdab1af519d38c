/// When and how long the client waits before resending an idempotent request.
///
/// `GET`, `QUERY`, `PUT` and `DELETE` are resent after a failure that got no response
/// (``BackendError/network(_:)``) and after 502, 503 and 504, at most ``maxRetries`` times. The wait
/// is exponential from ``baseDelay``, capped at ``maxDelay``, and jittered to between half and all
/// of that. A `Retry-After` on the response is honoured when it asks for at most
/// ``maxRetryAfter``: the wait is then at least that long; when it asks for longer, the response is
/// surfaced at once instead of waiting. `POST` and `PATCH` are never resent.
package struct RetryPolicy: Sendable, Equatable {
    /// Resends after the first attempt.
    package var maxRetries = 2
    /// The wait before the first resend, before jitter.
    package var baseDelay: Duration = .milliseconds(250)
    /// The longest computed wait, before jitter.
    package var maxDelay: Duration = .seconds(2)
    /// The longest `Retry-After` honoured.
    package var maxRetryAfter: Duration = .seconds(10)

    /// The statuses that are resent.
    package static let retriedStatuses: Set<Int> = [502, 503, 504]

    /// The defaults above.
    package init() {}

    /// How long to wait before resend number `retriesSoFar + 1`, or `nil` when there is none.
    ///
    /// - Parameters:
    ///   - retriesSoFar: resends already made.
    ///   - retryAfter: the response's `Retry-After` in seconds, when it had one.
    ///   - random: a value in `0..<1` that picks the jitter.
    package func delay(afterRetries retriesSoFar: Int, retryAfter: Int?, random: Double) -> Duration? {
        guard retriesSoFar < maxRetries else { return nil }
        let exponential = min(maxDelay, baseDelay * (1 << min(retriesSoFar, 20)))
        let jittered = exponential * (0.5 + min(max(random, 0), 1) / 2)
        guard let retryAfter else { return jittered }
        guard retryAfter <= Int(maxRetryAfter.components.seconds) else { return nil }
        return max(.seconds(retryAfter), jittered)
    }
}
