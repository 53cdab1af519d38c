import Dispatch
import ErrorCore
import Foundation
import SDKCrypto

// Where the persisted session lives, and how it is read and written.

// MARK: - SessionPersistence

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

    /// Reads the unit after every operation asked for before.
    package func read() async throws -> PersistedAuth? {
        try await run { [self] in try loadNow() }
    }

    /// Takes the store's cross-process lock for the unit, off the cooperative pool (it blocks while another
    /// process holds it); `nil` when the store has none (a Keychain only this app reads) or it failed, and
    /// the caller goes on without it, as before there was one.
    ///
    /// The lock is not re-entrant, within a process too: a holder must not ask for it again.
    package func lock() async -> SecureStoreLock? {
        guard let shared = store as? any SharedSecureStore else { return nil }
        let key = key
        return await withCheckedContinuation { (continuation: CheckedContinuation<SecureStoreLock?, Never>) in
            DispatchQueue.global().async { continuation.resume(returning: try? shared.lockExclusively(key)) }
        }
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

    private func run<T: Sendable>(_ operation: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            queue.async { continuation.resume(with: Result { try operation() }) }
        }
    }
}

// MARK: - SessionStorage

/// Where `pb.auth` keeps its persisted unit when the runtime names no store
/// (``PalbeRuntime/sessionStore``), and what the item is called.
package enum SessionStorage {
    /// The Keychain (service `studio.palbase.session`; after first unlock, this device only, never
    /// synced) on Apple platforms; elsewhere owner-only files in `$XDG_DATA_HOME/palbase/sessions`
    /// (by default `~/.local/share/palbase/sessions`).
    package static var platformDefault: any SecureStore {
        #if canImport(Security)
            KeychainSecureStore(service: "studio.palbase.session")
        #else
            FileSecureStore(directory: defaultDirectory(environment: ProcessInfo.processInfo.environment))
        #endif
    }

    /// Owner-only files in `directory` (created 0700 on the first write, each file 0600, written
    /// atomically): what a tool passes as ``PalbeRuntime/sessionStore`` to keep the session in a
    /// directory of its own, such as the `sdk` CLI's `.sdk/palbe`.
    package static func directory(_ directory: URL) -> any SecureStore {
        FileSecureStore(directory: directory)
    }

    /// The directory of the non-Apple default: `$XDG_DATA_HOME/palbase/sessions`, else
    /// `$HOME/.local/share/palbase/sessions` (`$HOME` as `NSHomeDirectory()` reads it when unset:
    /// `FileManager.homeDirectoryForCurrentUser` is macOS-only, and this compiles on every platform).
    static func defaultDirectory(environment: [String: String]) -> URL {
        let base: URL
        if let data = environment["XDG_DATA_HOME"]?.nonBlank, data.hasPrefix("/") {
            base = URL(fileURLWithPath: data, isDirectory: true)
        } else {
            let home = environment["HOME"]?.nonBlank.flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
            base = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".local/share")
        }
        return base.appendingPathComponent("palbase/sessions", isDirectory: true)
    }

    /// The item's key: one per environment (base URL and API key), so a staging session is never
    /// sent to production. `palbe-session-` and 32 hex digits of SHA-256 over the two.
    package static func itemKey(for configuration: PalbeConfiguration) -> String {
        var url = configuration.baseURL.absoluteString
        while url.hasSuffix("/") { url.removeLast() }
        let digest = SHA256.hash(Data((url + "\n" + configuration.apiKey).utf8))
        return "palbe-session-" + digest.prefix(16).map { String(format: "%02x", $0) }.joined()
    }
}
