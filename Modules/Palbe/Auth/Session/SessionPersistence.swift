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
///
/// **Moving the unit.** The unit may have a previous home (``relocate(to:)``: `configure(messagingAppGroup:)`
/// moves it into the app group's store; a release that changes the Keychain attributes does the same).
/// It moves in three steps, each safe to be cut short: read it from the old place, write it to the new,
/// delete it from the old. Until it has moved, a read finds it in the old place and a sign-out deletes it
/// from both, so no crash and no sign-out can bring a stale unit back.
package final class SessionPersistence: Sendable {
    /// Where the unit is now, and where it may still be from before.
    private struct Location {
        var store: any SecureStore
        /// Earlier homes, newest first; emptied once the unit is gone from all of them.
        var previous: [any SecureStore]
    }

    /// The item's key in the store.
    package let key: String
    private let location: Locked<Location>
    private let queue = DispatchQueue(label: "studio.palbase.auth.session-store")

    /// Persistence of the item `key` in `store`; `previous` are the places it may still be from before, newest
    /// first.
    package init(store: any SecureStore, key: String, previous: [any SecureStore] = []) {
        self.key = key
        location = Locked(Location(store: store, previous: previous))
    }

    /// The store holding the unit (the pending OAuth transaction and the local gate's item live beside it).
    package var store: any SecureStore {
        location.withLock { $0.store }
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

    /// Removes the unit after every operation asked for before, from its earlier homes too.
    package func clear() async throws {
        try await run { [self] in
            let (store, previous) = location.withLock { ($0.store, $0.previous) }
            try store.delete(key)
            retire(previous)
        }
    }

    /// Reads the unit after every operation asked for before.
    package func read() async throws -> PersistedAuth? {
        try await run { [self] in try loadNow() }
    }

    /// Makes `store` the unit's home from now on, and queues the move of the unit into it (see the type's
    /// discussion); the current home becomes a previous one. Operations queued before it run against the
    /// new home too, which is safe: a read there finds the unit in an earlier home and moves it. The caller
    /// never relocates to the current home (the move would delete the unit it just found).
    package func relocate(to store: any SecureStore) {
        location.withLock { location in
            location.previous.insert(location.store, at: 0)
            location.store = store
        }
        queue.async { [self] in _ = try? loadNow() }
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

    /// Reads the unit now, on the caller's thread: from its home, else from an earlier home, moving it.
    ///
    /// The move takes the store's lock only if it is free (this runs on the store's queue, and a refresh
    /// holding the lock may be waiting for that queue): when it is not, the unit found is answered and
    /// moves with the next write.
    package func loadNow() throws -> PersistedAuth? {
        let (store, previous) = location.withLock { ($0.store, $0.previous) }
        if let data = try store.read(key) {
            retire(previous)
            return try PersistedAuth.decode(data)
        }
        for earlier in previous {
            guard let data = try earlier.read(key) else { continue }
            let unit = try PersistedAuth.decode(data)
            let lock = try? (store as? any SharedSecureStore)?.lockExclusivelyIfFree(key)
            defer { lock?.release() }
            guard lock != nil || !(store is any SharedSecureStore) else { return unit }
            // Under the lock: another process may have moved it (and refreshed it) meanwhile.
            if let moved = try store.read(key) {
                retire(previous)
                return try PersistedAuth.decode(moved)
            }
            // A write that fails leaves the unit where it is, readable; the move is tried again later.
            guard (try? store.write(data, for: key)) != nil else { return unit }
            retire(previous)
            return unit
        }
        // Another process may have moved it between the two reads (it writes the new home before it deletes
        // the old one): a last look at the new home finds it then.
        if !previous.isEmpty, let data = try store.read(key) { return try PersistedAuth.decode(data) }
        return nil
    }

    /// Writes `unit` now, on the caller's thread.
    package func saveNow(_ unit: PersistedAuth) throws {
        let (store, previous) = location.withLock { ($0.store, $0.previous) }
        try store.write(try unit.encoded(), for: key)
        retire(previous)
    }

    /// Deletes the unit from `homes`, the earlier homes of the store an operation found or wrote it in, once it
    /// is safe there; homes it is gone from are forgotten, so this costs nothing after the move.
    ///
    /// Every operation reads the location once and retires only the earlier homes of *that* location: a
    /// relocation meanwhile (another thread) makes the store it used an earlier home itself, and deleting the
    /// unit from there before it moved would lose it. Homes a relocation added stay for the move it queued.
    /// Operations run one at a time (on the queue), so `homes` are still the last entries of the list.
    private func retire(_ homes: [any SecureStore]) {
        guard !homes.isEmpty else { return }
        let failed = homes.filter { (try? $0.delete(key)) == nil }
        location.withLock { location in
            let added = max(location.previous.count - homes.count, 0)
            location.previous = Array(location.previous.prefix(added)) + failed
        }
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

    /// Where earlier releases kept the unit on this platform, newest first; the unit moves from there into
    /// ``platformDefault`` at the first read (``SessionPersistence``'s three steps). Empty: every release so
    /// far has used ``platformDefault``'s attributes. A release that changes them (service, accessibility,
    /// access group) lists the old store here, so nobody is signed out by the upgrade.
    package static var earlierPlatformHomes: [any SecureStore] { [] }

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
