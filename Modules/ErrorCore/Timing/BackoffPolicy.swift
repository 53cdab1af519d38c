/// How long an SDK waits before retrying: capped exponential backoff with jitter, and the server's
/// `Retry-After` honoured up to a cap.
///
/// The policy only computes waits; which failures are worth a retry is each SDK's decision, and the
/// wait itself goes through ``SDKClock/sleep(for:)``. Each SDK keeps its configuration as a preset
/// (`BackoffPolicy.palbe`, `BackoffPolicy.chatbaseToolResults`).
///
/// Before retry `n + 1` the computed wait is `baseDelay · 2ⁿ`, capped at ``maxDelay``, then
/// spread by ``jitter``. A `Retry-After` makes that wait a floor: the policy waits at least as long
/// as the server asked, unless the server asked for more than ``maxRetryAfter``, in which case it
/// gives up (``delay(afterRetries:retryAfter:random:)`` returns `nil`) so the response is surfaced at
/// once instead of holding the caller.
package struct BackoffPolicy: Sendable, Equatable {
    /// How a computed wait is spread, so clients that failed together do not retry together.
    package enum Jitter: Sendable, Equatable {
        /// The computed wait exactly.
        case none
        /// Between half and all of the computed wait: spread out, with a floor.
        case equal
        /// Anywhere from zero to the computed wait: the widest spread.
        case full
    }

    /// Retries after the first attempt.
    package var maxRetries: Int
    /// The wait before the first retry, before jitter.
    package var baseDelay: Duration
    /// The longest computed wait, before jitter.
    package var maxDelay: Duration
    /// How the computed wait is spread.
    package var jitter: Jitter
    /// The longest `Retry-After` honoured; `nil` honours any.
    package var maxRetryAfter: Duration?

    /// A policy from its parts.
    package init(
        maxRetries: Int, baseDelay: Duration, maxDelay: Duration, jitter: Jitter, maxRetryAfter: Duration? = nil
    ) {
        self.maxRetries = maxRetries
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.jitter = jitter
        self.maxRetryAfter = maxRetryAfter
    }

    /// How long to wait before retry number `retriesSoFar + 1`, or `nil` when there is none: the
    /// retries are used up, or `retryAfter` asks for more than ``maxRetryAfter``.
    ///
    /// - Parameters:
    ///   - retriesSoFar: retries already made.
    ///   - retryAfter: the response's `Retry-After` in seconds (see ``RetryAfter``), when it had one.
    ///   - random: a value in `0..<1` (``SDKClock/random()``) that picks the jitter; values outside
    ///     are clamped.
    package func delay(afterRetries retriesSoFar: Int, retryAfter: Int?, random: Double) -> Duration? {
        guard retriesSoFar < maxRetries else { return nil }
        let jittered = jittered(backoff(afterRetries: retriesSoFar), random: random)
        guard let retryAfter else { return jittered }
        let asked = Duration.seconds(max(retryAfter, 0))
        if let maxRetryAfter, asked > maxRetryAfter { return nil }
        return max(asked, jittered)
    }

    /// The computed wait before retry number `retriesSoFar + 1`, before jitter.
    package func backoff(afterRetries retriesSoFar: Int) -> Duration {
        // 2²⁰ doublings outgrow any sensible cap; the bound keeps the multiplication from overflowing.
        min(maxDelay, baseDelay * (1 << min(max(retriesSoFar, 0), 20)))
    }

    private func jittered(_ wait: Duration, random: Double) -> Duration {
        let random = min(max(random, 0), 1)
        switch jitter {
        case .none: return wait
        case .equal: return wait * (0.5 + random / 2)
        case .full: return wait * random
        }
    }
}

extension BackoffPolicy {
    /// Reading again a secure store that cannot be read now (a Keychain locked since the device started):
    /// 50 ms, then twice as long each time up to 2 s, with no end of its own (the caller bounds the wait)
    /// and no jitter (a local read, nobody to spread out from). Palbe's session and ChatbaseSDK's saved
    /// identity both wait by it.
    package static let unreadableStore = BackoffPolicy(
        maxRetries: .max, baseDelay: .milliseconds(50), maxDelay: .seconds(2), jitter: .none)
}
