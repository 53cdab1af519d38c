import Dispatch
import ErrorCore
import Foundation

/// The idle limit (``HTTPRequest/idleTimeout``) of one ``URLSessionExchange``.
///
/// `URLRequest.timeoutInterval` would be URLSession's own idle timer, but FoundationNetworking
/// truncates it to whole seconds and fails sub-second values at once, so the limit is enforced here.
/// Activity costs one clock read and one relaxed atomic store (``noteActivity()``); a single dispatch
/// timer wakes at the earliest possible expiry, and when data arrived meanwhile it re-arms for the
/// last activity plus the limit instead of expiring, so it fires about once per limit, not per chunk.
/// While the task is suspended for a slow consumer (Apple platforms) the clock stops.
final class URLSessionIdleTimer: @unchecked Sendable {
    private struct State {
        /// Dispatch sources are thread-safe; the protocol is not marked Sendable.
        nonisolated(unsafe) var source: (any DispatchSourceTimer)?
        var stopped = false
    }

    /// The limit in nanoseconds (at least 1 ms, at most about a century so deadlines cannot overflow).
    let limit: UInt64
    /// `DispatchTime` uptime nanoseconds of the last activity.
    private let lastActivity = Locked<UInt64>(0)
    private let paused = Locked(false)
    private let state = Locked(State())

    init(limit: Duration) {
        let (seconds, attoseconds) = limit.components
        let clamped = min(max(seconds, 0), 1 << 32)
        self.limit = max(1_000_000, UInt64(clamped) * 1_000_000_000 + UInt64(max(attoseconds, 0) / 1_000_000_000))
    }

    /// The limit in whole milliseconds, for messages.
    var milliseconds: UInt64 { (limit + 999_999) / 1_000_000 }

    /// Starts the clock now; `onExpiry` runs (once, on ``URLSessionExchange/timerQueue``) if the limit passes without
    /// activity. Does nothing after ``stop()``.
    func start(onExpiry: @escaping @Sendable () -> Void) {
        let now = DispatchTime.now().uptimeNanoseconds
        lastActivity.withLock { $0 = now }
        let source = DispatchSource.makeTimerSource(queue: URLSessionExchange.timerQueue)
        source.setEventHandler { [weak self] in self?.fire(onExpiry) }
        let armed = state.withLock { state in
            guard !state.stopped else { return false }
            state.source = source
            return true
        }
        guard armed else { return }
        source.schedule(deadline: DispatchTime(uptimeNanoseconds: now + limit))
        source.resume()
    }

    /// Something arrived (the head or a piece of the body).
    func noteActivity() {
        let now = DispatchTime.now().uptimeNanoseconds
        lastActivity.withLock { $0 = now }
    }

    /// The task was suspended for a slow consumer: the clock stops until ``resume()``.
    func pause() {
        paused.withLock { $0 = true }
    }

    /// Reading resumes: the clock restarts from now.
    func resume() {
        noteActivity()
        paused.withLock { $0 = false }
    }

    /// Disarms the timer for good (the exchange ended or was cancelled).
    func stop() {
        let source = state.withLock { state in
            state.stopped = true
            defer { state.source = nil }
            return state.source
        }
        source?.cancel()
    }

    deinit {
        stop()
    }

    private func fire(_ onExpiry: @Sendable () -> Void) {
        let now = DispatchTime.now().uptimeNanoseconds
        let deadline: UInt64
        if paused.withLock({ $0 }) {
            deadline = now + limit
        } else {
            let last = lastActivity.withLock { $0 }
            guard now < last + limit else {
                stop()
                onExpiry()
                return
            }
            deadline = last + limit
        }
        state.withLock { state in
            state.source?.schedule(deadline: DispatchTime(uptimeNanoseconds: deadline))
        }
    }
}
