import ErrorCore

extension BackoffPolicy {
    /// When and how long Palbe waits before resending an idempotent request.
    ///
    /// `GET`, `QUERY`, `PUT` and `DELETE` are resent after a failure that got no response
    /// (``BackendError/network(_:)``) and after the ``palbeRetriedStatuses``, at most twice. The wait
    /// doubles from 250 ms, is capped at 2 s, and is jittered to between half and all of that. A
    /// `Retry-After` of at most 10 s is honoured (the wait is then at least that long); a longer one
    /// surfaces the response at once instead of waiting. `POST` and `PATCH` are never resent.
    package static let palbe = BackoffPolicy(
        maxRetries: 2, baseDelay: .milliseconds(250), maxDelay: .seconds(2), jitter: .equal,
        maxRetryAfter: .seconds(10))

    /// The statuses Palbe resends (idempotent requests only): 502, 503 and 504.
    package static let palbeRetriedStatuses: Set<Int> = [502, 503, 504]
}
