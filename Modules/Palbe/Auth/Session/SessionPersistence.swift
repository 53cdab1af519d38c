import Dispatch
import Foundation
import SDKCrypto

/// Reads and writes the persisted unit (``PersistedAuth``) in a ``SecureStore``, one operation at a
/// time, in the order they were asked for, off the cooperative thread pool (a Keychain or file call
/// blocks).
///
/// Atomicity is the store's: ``FileSecureStore`` writes a new file and renames it over the old one,
/// the Keychain updates the item in place, so a process killed mid-write leaves the old unit or the
/// new one, never a torn one.
package final class SessionPersistence: Sendable {
    /// The store holding the unit.
    package let store: any SecureStore
    /// The item's key in it.
    package let key: String
    private let queue = DispatchQueue(label: "studio.palbase.auth.session-store")

    /// Persistence of the item `key` in `store`.
    package init(store: any SecureStore, key: String) {
        self.store = store
        self.key = key
    }

    /// Reads the unit; `completion` runs on the store's queue once every earlier operation finished.
    /// The read is queued before this returns, so operations asked for later run after it.
    package func load(_ completion: @escaping @Sendable (Result<PersistedAuth?, any Error>) -> Void) {
        queue.async { [self] in completion(Result { try loadNow() }) }
    }

    /// Writes `unit` after every operation asked for before; the write is queued before the first
    /// suspension, so the order of calls is the order of writes.
    package func save(_ unit: PersistedAuth) async throws {
        try await run { [self] in try saveNow(unit) }
    }

    /// Removes the unit after every operation asked for before.
    package func clear() async throws {
        try await run { [self] in try store.delete(key) }
    }

    /// Reads the unit now, on the caller's thread.
    package func loadNow() throws -> PersistedAuth? {
        guard let data = try store.read(key) else { return nil }
        return try PersistedAuth.decode(data)
    }

    /// Writes `unit` now, on the caller's thread.
    package func saveNow(_ unit: PersistedAuth) throws {
        try store.write(try unit.encoded(), for: key)
    }

    private func run(_ operation: @escaping @Sendable () throws -> Void) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            queue.async { continuation.resume(with: Result { try operation() }) }
        }
    }
}
