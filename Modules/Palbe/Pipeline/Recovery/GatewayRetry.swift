import ErrorCore

/// Resends an idempotent request after a 502, 503 or 504, waiting as ``RetryPolicy`` says and at
/// least as long as a `Retry-After` asks; a `Retry-After` longer than the policy honours ends the
/// call with the response instead.
///
/// It shares the policy's resends with ``NoResponseRetry``: both count ``RecoveryContext/retries``.
package struct GatewayRetry: RecoveryRule {
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
        guard case .rejected(let status, let headers, _) = outcome, RetryPolicy.retriedStatuses.contains(status),
            context.method.isIdempotent,
            let delay = policy.delay(
                afterRetries: context.retries, retryAfter: RetryAfter.seconds(from: headers["Retry-After"]),
                random: random())
        else { return .pass }
        context.note("retry \(context.retries + 1) of \(context.method.rawValue) in \(delay) after \(status)")
        return .retry(after: delay)
    }
}
