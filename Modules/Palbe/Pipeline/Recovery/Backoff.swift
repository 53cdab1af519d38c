/// What the retry rules wait by: the client's ``RetryPolicy`` with its source of jitter.
package struct Backoff: Sendable {
    private let policy: RetryPolicy
    private let random: @Sendable () -> Double

    /// Waits as `policy` says, with `random` (a value in `0..<1`) picking the jitter.
    package init(policy: RetryPolicy, random: @escaping @Sendable () -> Double) {
        self.policy = policy
        self.random = random
    }

    /// The wait before the next retry, or `nil` when there is none (see
    /// ``RetryPolicy/delay(afterRetries:retryAfter:random:)``).
    func delay(after context: RecoveryContext, retryAfter: Int? = nil) -> Duration? {
        policy.delay(afterRetries: context.retries, retryAfter: retryAfter, random: random())
    }
}
