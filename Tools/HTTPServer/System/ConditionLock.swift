#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A pthread mutex with one condition variable on the monotonic clock.
///
/// The connection thread sleeps on it while the async handler or a stream producer runs; the
/// handler's task wakes it. `Synchronization.Mutex` has no condition variable, hence this.
final class ConditionLock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        #if !canImport(Darwin)
            // Darwin has no pthread_condattr_setclock; ``wait(until:)`` waits a relative time there.
            pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        #endif
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }

    func unlock() { pthread_mutex_unlock(mutex) }

    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }

    /// Wakes the waiter, if any. Call with or without the lock held.
    func signal() { pthread_cond_signal(condition) }

    /// Sleeps until signalled or `deadline`; the lock must be held. Returns false on timeout.
    /// Spurious wake-ups return true, so callers re-check their predicate in a loop.
    @discardableResult
    func wait(until deadline: Deadline) -> Bool {
        if deadline == .never {
            pthread_cond_wait(condition, mutex)
            return true
        }
        #if canImport(Darwin)
            let now = Deadline.now.nanoseconds
            let remaining = deadline.nanoseconds > now ? deadline.nanoseconds - now : 0
            var spec = timespec(tv_sec: Int(remaining / 1_000_000_000), tv_nsec: Int(remaining % 1_000_000_000))
            return pthread_cond_timedwait_relative_np(condition, mutex, &spec) != ETIMEDOUT
        #else
            var spec = timespec(
                tv_sec: Int(deadline.nanoseconds / 1_000_000_000), tv_nsec: Int(deadline.nanoseconds % 1_000_000_000))
            return pthread_cond_timedwait(condition, mutex, &spec) != ETIMEDOUT
        #endif
    }
}
