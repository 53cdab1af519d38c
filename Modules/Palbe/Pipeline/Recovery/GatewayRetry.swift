import ErrorCore

/// Resends an idempotent request after a 502, 503 or 504, waiting as ``BackoffPolicy`` says and at
/// least as long as a `Retry-After` asks; a `Retry-After` longer than the policy honours ends the
/// call with the response instead.
///
/// It shares the policy's resends with ``NoResponseRetry``: both count ``RecoveryContext/retries``.
package struct GatewayRetry: RecoveryRule {
    private let backoff: Backoff

    /// A rule waiting by `backoff`.
    package init(_ backoff: Backoff) {
        self.backoff = backoff
    }

    package func decide(
        after outcome: AttemptOutcome, to attempt: Attempt, in context: RecoveryContext
    ) -> RecoveryDecision {
        guard case .rejected(let status, let headers, _) = outcome, BackoffPolicy.palbeRetriedStatuses.contains(status),
            context.method.isIdempotent,
            let delay = backoff.delay(after: context, retryAfter: RetryAfter.seconds(from: headers["Retry-After"]))
        else { return .pass }
        context.note("retry \(context.retries + 1) of \(context.method.rawValue) in \(delay) after \(status)")
        return .retry(after: delay)
    }
}
