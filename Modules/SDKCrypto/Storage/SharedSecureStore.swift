import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A ``SecureStore`` several processes may use at once (an app and its extensions, several CLI
/// processes on one directory), with an exclusive lock per key that all of them honour, so a
/// read-decide-write sequence (a token refresh) runs in one process at a time.
public protocol SharedSecureStore: SecureStore {
    /// Blocks until this process holds the exclusive lock for `key`, and returns it; the lock is released
    /// by ``SecureStoreLock/release()`` or when the returned value goes away, and by the system when the
    /// process dies.
    func lockExclusively(_ key: String) throws -> SecureStoreLock
}

/// An exclusive cross-process lock on one key of a ``SharedSecureStore``: an `flock(2)` on a lock file.
public final class SecureStoreLock: @unchecked Sendable {
    // `@unchecked`: `isReleased` is only touched under `guardLock`.
    private let descriptor: Int32
    private let guardLock = NSLock()
    private var isReleased = false

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Releases the lock (once; later calls do nothing).
    public func release() {
        let first = guardLock.withLock {
            defer { isReleased = true }
            return !isReleased
        }
        guard first else { return }
        _ = flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    deinit { release() }
}

extension FileSecureStore: SharedSecureStore {
    /// Locks `.<key>.lock` in the store's directory (created owner-only, never through a link) with
    /// `flock(LOCK_EX)`: every process using the directory, on the same machine, takes turns.
    public func lockExclusively(_ key: String) throws -> SecureStoreLock {
        guard Self.isValidKey(key) else { throw SecureStoreError(kind: .invalidKey, operation: "lock") }
        do {
            try OwnerOnlyFiles.prepareDirectory(directory, exclusive: true)
        } catch {
            throw SecureStoreError(kind: .io, operation: "lock", code: error.code)
        }
        // A name no key can have (keys never start with `.`), and not a temporary file's (`.tmp`).
        let path = directory.appendingPathComponent(".\(key).lock").path
        let descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw SecureStoreError(kind: .io, operation: "lock", code: errno) }
        while flock(descriptor, LOCK_EX) != 0 {
            let failure = errno
            guard failure == EINTR else {
                close(descriptor)
                throw SecureStoreError(kind: .io, operation: "lock", code: failure)
            }
        }
        return SecureStoreLock(descriptor: descriptor)
    }
}
