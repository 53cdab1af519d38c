import ErrorCore
import Foundation
import SDKCrypto

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The per-install device ID: a UUID created once and persisted.
///
/// Created only once even when several clients start at the same moment: within a process a lock
/// and a cache decide, across processes the file is published with `link(2)`, which fails when
/// another process got there first (its ID is then read and used). When the file cannot be
/// written (a read-only home), the ID lives for the process only and a warning is logged.
enum DeviceIdStore {
    static let fileName = "device-id"
    static let defaultsKey = "com.chatbase.sdk.deviceId"

    private static let cache = Locked<[String: String]>([:])

    static func deviceId(for storage: ChatbaseStorage, log: ChatbaseLog) -> String {
        let cacheKey = storage.usesUserDefaults ? "defaults" : storage.directory.path
        return cache.withLock { cache in
            if let known = cache[cacheKey] { return known }
            let id = load(storage, log: log)
            cache[cacheKey] = id
            return id
        }
    }

    private static func load(_ storage: ChatbaseStorage, log: ChatbaseLog) -> String {
        #if canImport(Darwin)
            if storage.usesUserDefaults {
                if let stored = UserDefaults.standard.string(forKey: defaultsKey) { return stored }
                let id = UUID().uuidString
                UserDefaults.standard.set(id, forKey: defaultsKey)
                return id
            }
        #endif
        let file = storage.directory.appendingPathComponent(fileName)
        if let stored = read(file) {
            // A file an older version wrote world-readable is tightened, best effort.
            try? OwnerOnlyFiles.restrict(file.path)
            return stored
        }
        let id = UUID().uuidString
        do {
            return try publish(id, at: file, in: storage.directory)
        } catch {
            log.note(.warning, ChatbaseLog.Category.identity, "device ID not persisted: \(error)")
            return id
        }
    }

    /// A stored ID, when the file holds a UUID.
    static func read(_ file: URL) -> String? {
        guard let data = try? Data(contentsOf: file) else { return nil }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return UUID(uuidString: text) != nil ? text : nil
    }

    /// Writes `id` to a private temporary file and links it into place; when another process
    /// published first, returns its ID instead.
    private static func publish(_ id: String, at file: URL, in directory: URL) throws -> String {
        // Owner-only, whatever the umask: the device ID is what grants access to anonymous conversations.
        try OwnerOnlyFiles.createDirectoryIfMissing(directory)
        let temporary = directory.appendingPathComponent(".\(fileName).\(UUID().uuidString).tmp")
        try OwnerOnlyFiles.restrict(temporary.path, creating: true)
        defer { unlink(temporary.path) }
        try Data((id + "\n").utf8).write(to: temporary)
        if link(temporary.path, file.path) == 0 { return id }
        let failure = errno
        if failure == EEXIST, let existing = read(file) { return existing }
        if failure == EEXIST {
            // An unreadable or corrupt file: replace it rather than fail forever.
            guard rename(temporary.path, file.path) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
            return id
        }
        throw POSIXError(.init(rawValue: failure) ?? .EIO)
    }
}
