#if canImport(Darwin)
    import Foundation
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A value guarded by a lock: the one lock type of the package's modules.
///
/// `Synchronization.Mutex` needs iOS 18 and macOS 15; the SDKs support iOS 17 and macOS 14, so they
/// lock through this instead. Its API is `Mutex`'s (`init(_:)`, `withLock(_:)`), so the two read the
/// same. The lock is not recursive: calling `withLock` again from inside `body` deadlocks.
///
/// On Linux it holds a `pthread_mutex_t` itself: `NSLock` there is an `NSObject` wrapping the same
/// mutex, one more object and a dynamic call on every lock, on paths (a payment's) that take a dozen.
package final class Locked<State>: @unchecked Sendable {
    // `@unchecked`: every access to `state` goes through the lock.
    #if canImport(Darwin)
        private let lock = NSLock()
    #else
        private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    #endif
    /// Touched only inside `withLock`/`withLockIfAvailable`, with the mutex held. The runtime's dynamic
    /// exclusivity check could never fire here: a second access from the same thread would first have to
    /// take the mutex again, which deadlocks (or, trying, fails) before reaching `state`. It cost about
    /// 0.2 µs of a sequential loopback GET, which takes eight of these locks.
    @exclusivity(unchecked) private var state: State

    /// Creates a lock guarding `initialState`.
    package init(_ initialState: sending State) {
        state = initialState
        #if !canImport(Darwin)
            mutex = .allocate(capacity: 1)
            mutex.initialize(to: pthread_mutex_t())
            let status = pthread_mutex_init(mutex, nil)
            precondition(status == 0, "Locked: pthread_mutex_init failed (\(status))")
        #endif
    }

    #if !canImport(Darwin)
        deinit {
            pthread_mutex_destroy(mutex)
            mutex.deinitialize(count: 1)
            mutex.deallocate()
        }
    #endif

    /// Runs `body` with exclusive access to the guarded state and returns what it returns.
    ///
    /// Keep `body` short and synchronous: it blocks every other caller of this lock.
    package func withLock<Result, Failure: Error>(
        _ body: (inout State) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        #if canImport(Darwin)
            lock.lock()
            defer { lock.unlock() }
        #else
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
        #endif
        return try body(&state)
    }

    /// Runs `body` as ``withLock(_:)`` does if the lock is free now; returns `nil` without waiting when
    /// another thread holds it.
    package func withLockIfAvailable<Result, Failure: Error>(
        _ body: (inout State) throws(Failure) -> Result
    ) throws(Failure) -> Result? {
        #if canImport(Darwin)
            guard lock.try() else { return nil }
            defer { lock.unlock() }
        #else
            guard pthread_mutex_trylock(mutex) == 0 else { return nil }
            defer { pthread_mutex_unlock(mutex) }
        #endif
        return try body(&state)
    }
}
