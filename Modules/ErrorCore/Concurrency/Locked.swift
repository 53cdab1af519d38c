import Foundation

/// A value guarded by a lock: the one lock type of the package's modules.
///
/// `Synchronization.Mutex` needs iOS 18 and macOS 15; the SDKs support iOS 17 and macOS 14, so they
/// lock through this instead. Its API is `Mutex`'s (`init(_:)`, `withLock(_:)`), so the two read the
/// same. The lock is not recursive: calling `withLock` again from inside `body` deadlocks.
package final class Locked<State>: @unchecked Sendable {
    // `@unchecked`: every access to `state` goes through `lock`.
    private let lock = NSLock()
    private var state: State

    /// Creates a lock guarding `initialState`.
    package init(_ initialState: sending State) {
        state = initialState
    }

    /// Runs `body` with exclusive access to the guarded state and returns what it returns.
    ///
    /// Keep `body` short and synchronous: it blocks every other caller of this lock.
    package func withLock<Result, Failure: Error>(
        _ body: (inout State) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
