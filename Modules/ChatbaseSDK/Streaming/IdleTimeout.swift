import Synchronization

/// Thrown when a stream stayed silent longer than the request timeout.
struct IdleTimeoutExpired: Error {}

/// The last moment a stream showed life; a watchdog compares it with the idle limit.
///
/// Time spent in the caller's callbacks is not silence: ``pause()`` and ``resume()`` bracket them.
/// The reader touches it for every chunk and brackets every delta callback, so it is two atomics
/// rather than a lock.
final class IdleActivity: Sendable {
    private let origin = ContinuousClock.now
    /// Nanoseconds from `origin` to the last activity.
    private let last = Atomic<Int64>(0)
    private let paused = Atomic<Bool>(false)

    /// Records activity now.
    func touch() {
        last.store(elapsed(), ordering: .relaxed)
    }

    /// Stops the clock while the caller's code runs.
    func pause() {
        paused.store(true, ordering: .relaxed)
    }

    /// Restarts the clock from now.
    func resume() {
        last.store(elapsed(), ordering: .relaxed)
        paused.store(false, ordering: .relaxed)
    }

    /// Returns never; throws ``IdleTimeoutExpired`` once `limit` passes without activity, or
    /// `CancellationError` when cancelled.
    func watch(limit: Duration) async throws {
        while true {
            let deadline = origin + .nanoseconds(last.load(ordering: .relaxed)) + limit
            try await Task.sleep(until: deadline, clock: .continuous)
            let silent = elapsed() - last.load(ordering: .relaxed)
            if !paused.load(ordering: .relaxed) && .nanoseconds(silent) >= limit { throw IdleTimeoutExpired() }
        }
    }

    private func elapsed() -> Int64 {
        let (seconds, attoseconds) = (ContinuousClock.now - origin).components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}

/// Runs `operation` with a watchdog that cancels it and throws ``IdleTimeoutExpired`` when it
/// shows no activity (see ``IdleActivity``) for `limit`. The caller's cancellation reaches both.
func withIdleTimeout<T: Sendable>(
    _ limit: Duration, _ operation: @escaping @Sendable (IdleActivity) async throws -> T
) async throws -> T {
    let activity = IdleActivity()
    return try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask { try await operation(activity) }
        group.addTask {
            try await activity.watch(limit: limit)
            return nil
        }
        defer { group.cancelAll() }
        while let result = try await group.next() {
            if let result { return result }
        }
        throw CancellationError()
    }
}
