import ErrorCore
import Foundation
import SDKCrypto

/// The per-install device ID: a UUID created once and persisted.
///
/// Created only once even when several clients start at the same moment: within a process a lock
/// and a cache decide, across processes the file is published with `link(2)`, which fails when
/// another process got there first (its ID is then read and used). When the file cannot be
/// written (a read-only home), the ID lives for the process only and a warning is logged. A file that
/// cannot be read *now* (a transient error: `EIO`, `EAGAIN`…) is neither replaced nor cached: this client
/// gets an ID of its own, and the next one reads the file again. On Apple platforms the same holds for
/// `UserDefaults` before the first unlock, which answers "no value" then: when it does while the Keychain
/// says locked, no ID is written.
enum DeviceIdStore {
    static let fileName = "device-id"
    static let defaultsKey = "com.chatbase.sdk.deviceId"

    private static let cache = Locked<[String: String]>([:])

    static func deviceId(for storage: ChatbaseStorage, log: ChatbaseLog) -> String {
        let cacheKey = storage.usesUserDefaults ? "defaults" : storage.directory.path
        return cache.withLock { cache in
            if let known = cache[cacheKey] { return known }
            guard let id = load(storage, log: log) else {
                log.note(
                    .warning, ChatbaseLog.Category.identity, "device ID cannot be read now; using one for this client")
                return UUID().uuidString
            }
            cache[cacheKey] = id
            return id
        }
    }

    /// The stored ID (made and stored when there is none); `nil` when the file cannot be read now.
    private static func load(_ storage: ChatbaseStorage, log: ChatbaseLog) -> String? {
        #if canImport(Darwin)
            if storage.usesUserDefaults {
                if let stored = UserDefaults.standard.string(forKey: defaultsKey) { return stored }
                // Before the first unlock after a restart (prewarming, a background push) iOS cannot read the
                // protected preferences file and answers "no value"; writing a new ID then would replace the
                // real one once the file is readable again. The Keychain tells the truth: locked.
                if isLocked(storage.secureStore) { return nil }
                let id = UUID().uuidString
                UserDefaults.standard.set(id, forKey: defaultsKey)
                return id
            }
        #endif
        let file = storage.directory.appendingPathComponent(fileName)
        var trusted = true
        do {
            if let stored = try OwnerOnlyFiles.read(file).flatMap(Self.id(in:)) { return stored }
        } catch  where SecureStoreError.transientErrnos.contains(error.code) {
            return nil  // there may well be an ID: never replace it on a passing failure
        } catch {
            // A link, or a file another user owns or may write: it could hand this install someone
            // else's ID (and their anonymous conversations). It is replaced, never used.
            log.note(.warning, ChatbaseLog.Category.identity, "device ID file not trusted, replaced: \(error)")
            trusted = false
        }
        let id = UUID().uuidString
        let data = Data((id + "\n").utf8)
        do {
            // Created only if absent: of two processes starting at once, both keep the first one's ID.
            if trusted {
                if try OwnerOnlyFiles.create(data, at: file) { return id }
                if let existing = try OwnerOnlyFiles.read(file).flatMap(Self.id(in:)) { return existing }
            }
            // Untrusted, or there but not an ID: replaced (renamed over, never followed).
            try OwnerOnlyFiles.write(data, to: file)
            return id
        } catch {
            log.note(.warning, ChatbaseLog.Category.identity, "device ID not persisted: \(error)")
            return id
        }
    }

    /// Whether `store` says it cannot be read now (``SecureStoreError/Kind/unavailable``): the device has
    /// not been unlocked since it started, so no protected file (the preferences either) can be read.
    static func isLocked(_ store: any SecureStore) -> Bool {
        do {
            _ = try store.read(IdentityStore.officialKey)
            return false
        } catch let error as SecureStoreError {
            return error.kind == .unavailable
        } catch {
            return false
        }
    }

    /// A stored ID, when the file is a trusted one holding a UUID.
    static func read(_ file: URL) -> String? {
        (try? OwnerOnlyFiles.read(file))?.flatMap(id(in:))
    }

    /// The UUID `data` holds, if it holds one.
    private static func id(in data: Data) -> String? {
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return UUID(uuidString: text) != nil ? text : nil
    }
}
