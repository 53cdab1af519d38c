import ErrorCore

/// Resends an idempotent request after a failure that got no response (``BackendError/network(_:)``),
/// waiting as ``BackoffPolicy`` says, until the policy's resends are spent.
///
/// A ``BackendError/transport(_:)`` (TLS, an unusable URL) is not retried: sending again would fail
/// the same way.
package struct NoResponseRetry: RecoveryRule {
    private let backoff: Backoff

    /// A rule waiting by `backoff`.
    package init(_ backoff: Backoff) {
        self.backoff = backoff
    }

    package func decide(
        after outcome: AttemptOutcome, to attempt: Attempt, in context: RecoveryContext
    ) -> RecoveryDecision {
        guard case .noResponse(.network) = outcome, context.method.isIdempotent,
            let delay = backoff.delay(after: context)
        else { return .pass }
        context.note("retry \(context.retries + 1) of \(context.method.rawValue) in \(delay) after no response")
        return .retry(after: delay)
    }
}
