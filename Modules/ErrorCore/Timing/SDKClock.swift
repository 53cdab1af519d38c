import Foundation

/// The SDKs' seam to time: what time it is, waiting, and the randomness that spreads waits.
///
/// ``live`` is what apps get. Tests substitute a sleep that returns at once (recording the wait),
/// a clock that advances only when slept, or a fixed jitter. The random source lives here because
/// every wait that uses one (``BackoffPolicy``) goes through ``sleep(for:)`` too.
package struct SDKClock: Sendable {
    private let nowSource: @Sendable () -> ContinuousClock.Instant
    private let sleeper: @Sendable (Duration) async throws -> Void
    private let randomSource: @Sendable () -> Double
    private let dateSource: @Sendable () -> Date

    /// A clock from its parts; each defaults to the live one.
    ///
    /// - Parameters:
    ///   - now: the current instant.
    ///   - sleep: waits the given duration; should throw `CancellationError` when the task is
    ///     cancelled (``sleep(for:)`` checks before and after it in any case).
    ///   - random: a value in `0..<1`.
    ///   - date: the wall-clock time, for what is compared with a server's timestamps (a token's
    ///     expiry, a DPoP proof's `iat`).
    package init(
        now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now },
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
        date: @escaping @Sendable () -> Date = { Date() }
    ) {
        nowSource = now
        sleeper = sleep
        randomSource = random
        dateSource = date
    }

    /// The real time, `Task.sleep` and the system random source.
    package static let live = SDKClock()

    /// The current instant.
    package var now: ContinuousClock.Instant { nowSource() }

    /// The wall-clock time: what a server's unix timestamps are compared with. Unlike ``now`` it can
    /// jump (the user sets the clock); use ``now`` to measure durations.
    package var date: Date { dateSource() }

    /// How long has passed since `start`.
    package func elapsed(since start: ContinuousClock.Instant) -> Duration {
        now - start
    }

    /// Waits `duration`.
    ///
    /// Throws `CancellationError` when the task is cancelled before or during the wait, even when an
    /// injected sleep returns at once; a retry loop therefore never starts another attempt for a
    /// cancelled task.
    package func sleep(for duration: Duration) async throws {
        try Task.checkCancellation()
        try await sleeper(duration)
        try Task.checkCancellation()
    }

    /// A value in `0..<1`, for ``BackoffPolicy/delay(afterRetries:retryAfter:random:)``.
    package func random() -> Double {
        randomSource()
    }
}
