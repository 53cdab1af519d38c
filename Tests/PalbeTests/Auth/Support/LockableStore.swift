import EmulatorTestSupport
import ErrorCore
import Foundation
import SDKCrypto

/// A session store over another that cannot be read while locked, as a Keychain before the first unlock
/// after a restart: every read throws ``SecureStoreError/Kind/unavailable`` until ``unlock()``, or until
/// `lockedReads` reads have failed. Counts what reaches the inner store.
final class LockableStore: SecureStore {
    let inner: any SecureStore
    /// Fired by the first write or delete that reaches the inner store.
    let changed = TestSignal()
    private let state: Locked<(locked: Bool, lockedReads: Int, failedReads: Int, writes: Int, deletes: Int)>

    init(_ inner: any SecureStore, lockedReads: Int = .max) {
        self.inner = inner
        state = Locked((true, lockedReads, 0, 0, 0))
    }

    func unlock() { state.withLock { $0.locked = false } }

    var failedReads: Int { state.withLock { $0.failedReads } }
    var writes: Int { state.withLock { $0.writes } }
    var deletes: Int { state.withLock { $0.deletes } }

    func read(_ key: String) throws -> Data? {
        let locked = state.withLock { state in
            guard state.locked, state.failedReads < state.lockedReads else { return false }
            state.failedReads += 1
            return true
        }
        // errSecInteractionNotAllowed, what the Keychain answers before the first unlock.
        if locked { throw SecureStoreError(kind: .unavailable, operation: "read", code: -25308) }
        return try inner.read(key)
    }

    func write(_ data: Data, for key: String) throws {
        state.withLock { $0.writes += 1 }
        try inner.write(data, for: key)
        changed.fire()
    }

    func delete(_ key: String) throws {
        state.withLock { $0.deletes += 1 }
        try inner.delete(key)
        changed.fire()
    }
}
