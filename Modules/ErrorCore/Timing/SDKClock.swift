/// The SDKs' seam to time: what time it is, waiting, and the randomness that spreads waits.
///
/// ``live`` is what apps get. Tests substitute a sleep that returns at once (recording the wait),
/// a clock that advances only when slept, or a fixed jitter. The random source lives here because
/// every wait that uses one (``BackoffPolicy``) goes through ``sleep(for:)`` too.
package struct SDKClock: Sendable {
    private let nowSource: @Sendable () -> ContinuousClock.Instant
    private let sleeper: @Sendable (Duration) async throws -> Void
    private let randomSource: @Sendable () -> Double

    /// A clock from its parts; each defaults to the live one.
    ///
    /// - Parameters:
    ///   - now: the current instant.
    ///   - sleep: waits the given duration; should throw `CancellationError` when the task is
    ///     cancelled (``sleep(for:)`` checks before and after it in any case).
    ///   - random: a value in `0..<1`.
    package init(
        now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now },
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
    ) {
        nowSource = now
        sleeper = sleep
        randomSource = random
    }

    /// The real time, `Task.sleep` and the system random source.
    package static let live = SDKClock()

    /// The current instant.
    package var now: ContinuousClock.Instant { nowSource() }

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
