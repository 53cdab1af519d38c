import Synchronization

/// Thrown when a stream stayed silent longer than the request timeout.
struct IdleTimeoutExpired: Error {}

/// The last moment a stream showed life; a watchdog compares it with the idle limit.
///
/// Time spent in the caller's callbacks is not silence: ``pause()`` and ``resume()`` bracket them.
final class IdleActivity: Sendable {
    private struct State {
        var last = ContinuousClock.now
        var paused = false
    }

    private let state = Mutex(State())

    /// Records activity now.
    func touch() {
        let now = ContinuousClock.now
        state.withLock { $0.last = now }
    }

    /// Stops the clock while the caller's code runs.
    func pause() {
        state.withLock { $0.paused = true }
    }

    /// Restarts the clock from now.
    func resume() {
        let now = ContinuousClock.now
        state.withLock {
            $0.paused = false
            $0.last = now
        }
    }

    /// Returns never; throws ``IdleTimeoutExpired`` once `limit` passes without activity, or
    /// `CancellationError` when cancelled.
    func watch(limit: Duration) async throws {
        while true {
            let deadline = state.withLock { $0.last + limit }
            try await Task.sleep(until: deadline, clock: .continuous)
            let expired = state.withLock { !$0.paused && ContinuousClock.now - $0.last >= limit }
            if expired { throw IdleTimeoutExpired() }
        }
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
