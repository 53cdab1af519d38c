import ErrorCore

/// What the retry rules wait by: the client's ``BackoffPolicy`` bound to the clock whose random
/// source picks the jitter.
package struct Backoff: Sendable {
    private let policy: BackoffPolicy
    private let clock: SDKClock

    /// Waits as `policy` says, with `clock`'s random source (a value in `0..<1`) picking the jitter.
    package init(policy: BackoffPolicy, clock: SDKClock) {
        self.policy = policy
        self.clock = clock
    }

    /// The wait before the next retry, or `nil` when there is none (see
    /// ``BackoffPolicy/delay(afterRetries:retryAfter:random:)``).
    func delay(after context: RecoveryContext, retryAfter: Int? = nil) -> Duration? {
        policy.delay(afterRetries: context.retries, retryAfter: retryAfter, random: clock.random())
    }
}
