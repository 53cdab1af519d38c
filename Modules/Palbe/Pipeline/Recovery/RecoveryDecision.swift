import ErrorCore

/// A rule's answer to an attempt that did not succeed.
package enum RecoveryDecision: Sendable {
    /// Not this rule's business: the next rule decides; when none is left, the outcome's failure is
    /// thrown.
    case pass
    /// Send again at once, with `headers` added to the next attempt only (a solved proof of work).
    /// A replay, not a retry: it does not count against ``BackoffPolicy/maxRetries``.
    case resend(adding: HTTPHeaders = HTTPHeaders())
    /// Wait, then send again: one of the retry policy's resends (``RecoveryContext/retries`` grows
    /// by one).
    case retry(after: Duration)
    /// End the call with `error` (usually the outcome's own failure); later rules are not asked.
    case fail(BackendError)
}
