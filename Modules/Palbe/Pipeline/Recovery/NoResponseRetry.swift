import ErrorCore

/// Resends an idempotent request after a failure that got no response (``BackendError/network(_:)``),
/// waiting as ``RetryPolicy`` says, until the policy's resends are spent.
///
/// A ``BackendError/transport(_:)`` (TLS, an unusable URL) is not retried: sending again would fail
/// the same way.
package struct NoResponseRetry: RecoveryRule {
    private let policy: RetryPolicy
    private let random: @Sendable () -> Double

    /// A rule waiting as `policy` says, with `random` picking the jitter.
    package init(policy: RetryPolicy, random: @escaping @Sendable () -> Double) {
        self.policy = policy
        self.random = random
    }

    package func decide(
        after outcome: AttemptOutcome, to attempt: Attempt, in context: RecoveryContext
    ) -> RecoveryDecision {
        guard case .noResponse(.network) = outcome, context.method.isIdempotent,
            let delay = policy.delay(afterRetries: context.retries, retryAfter: nil, random: random())
        else { return .pass }
        context.note("retry \(context.retries + 1) of \(context.method.rawValue) in \(delay) after no response")
        return .retry(after: delay)
    }
}
