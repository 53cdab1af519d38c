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
    /// The exclusive lock for `key` if no one holds it now, else `nil` at once.
    func lockExclusivelyIfFree(_ key: String) throws -> SecureStoreLock?
}

/// An exclusive cross-process lock on one key of a ``SharedSecureStore``: an `flock(2)` on a lock file.
///
/// Not re-entrant, within a process either: `flock` locks belong to the open file, so a second
/// ``SharedSecureStore/lockExclusively(_:)`` for the same key in the same process waits for the first.
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

    /// Locks `.<key>.lock` in `directory` (created owner-only, the file never opened through a link) with
    /// `flock(LOCK_EX)`, waiting for it when `wait`, else answering `nil` when another holder has it.
    /// The one place a store's lock is taken.
    static func acquire(key: String, in directory: URL, wait: Bool) throws -> SecureStoreLock? {
        guard SecureStoreKey.isValid(key) else { throw SecureStoreError(kind: .invalidKey, operation: "lock") }
        do {
            try OwnerOnlyFiles.prepareDirectory(directory, exclusive: true)
        } catch {
            throw SecureStoreError(kind: .io, operation: "lock", code: error.code)
        }
        // A name no key can have (keys never start with `.`), and not a temporary file's (`.tmp`).
        let path = directory.appendingPathComponent(".\(key).lock").path
        let descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw SecureStoreError(kind: .io, operation: "lock", code: errno) }
        while flock(descriptor, wait ? LOCK_EX : LOCK_EX | LOCK_NB) != 0 {
            let failure = errno
            guard failure == EINTR else {
                close(descriptor)
                if failure == EWOULDBLOCK { return nil }
                throw SecureStoreError(kind: .io, operation: "lock", code: failure)
            }
        }
        return SecureStoreLock(descriptor: descriptor)
    }
}

/// A ``SharedSecureStore`` whose locks are lock files in a directory; it gets both lock calls.
public protocol LockFileSecureStore: SharedSecureStore {
    /// Where the lock files are.
    var lockDirectory: URL { get }
}

extension LockFileSecureStore {
    /// Locks `.<key>.lock` in the lock directory: every process using it, on the same machine, takes turns.
    public func lockExclusively(_ key: String) throws -> SecureStoreLock {
        // With `wait`, `acquire` answers a lock or throws.
        guard let lock = try SecureStoreLock.acquire(key: key, in: lockDirectory, wait: true) else {
            throw SecureStoreError(kind: .io, operation: "lock", code: EWOULDBLOCK)
        }
        return lock
    }

    /// The lock of ``lockExclusively(_:)`` if it is free now.
    public func lockExclusivelyIfFree(_ key: String) throws -> SecureStoreLock? {
        try SecureStoreLock.acquire(key: key, in: lockDirectory, wait: false)
    }
}

extension FileSecureStore: LockFileSecureStore {
    /// The store's own directory.
    public var lockDirectory: URL { directory }
}

// MARK: - CoordinatedSecureStore

/// A ``SecureStore`` made shareable: its reads and writes go to `base` (a Keychain access group an app
/// and its extensions share), and its locks are lock files in `lockDirectory` (their shared app group
/// container), so the processes that read the same items also take turns on them.
public struct CoordinatedSecureStore: LockFileSecureStore {
    /// Where the values are.
    public let base: any SecureStore
    /// Where the lock files are: a directory every process sharing `base` can reach.
    public let lockDirectory: URL

    /// `base`, locked through files in `lockDirectory` (created owner-only on the first lock).
    public init(base: any SecureStore, lockDirectory: URL) {
        self.base = base
        self.lockDirectory = lockDirectory
    }

    /// `base`'s value under `key`.
    public func read(_ key: String) throws -> Data? { try base.read(key) }
    /// Stores `data` under `key` in `base`.
    public func write(_ data: Data, for key: String) throws { try base.write(data, for: key) }
    /// Removes `key` from `base`.
    public func delete(_ key: String) throws { try base.delete(key) }
}
