#if canImport(Glibc)
    import Glibc
#else
    import Foundation
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
    #if canImport(Glibc)
        private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    #else
        private let lock = NSLock()
    #endif
    private var state: State

    /// Creates a lock guarding `initialState`.
    package init(_ initialState: sending State) {
        state = initialState
        #if canImport(Glibc)
            mutex = .allocate(capacity: 1)
            mutex.initialize(to: pthread_mutex_t())
            let status = pthread_mutex_init(mutex, nil)
            precondition(status == 0, "Locked: pthread_mutex_init failed (\(status))")
        #endif
    }

    #if canImport(Glibc)
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
        #if canImport(Glibc)
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
        #else
            lock.lock()
            defer { lock.unlock() }
        #endif
        return try body(&state)
    }
}
