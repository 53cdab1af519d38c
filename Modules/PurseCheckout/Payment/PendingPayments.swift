import ErrorCore
import Foundation
import SDKCrypto

/// The record of submissions whose outcome is not known yet, one per session, kept in a
/// ``SecureStore`` so a relaunched app asks the API for the session's status before offering submit again.
///
/// Each record is `{"session_id","idempotency_key","recorded_at"}` under a key derived from the
/// session id's SHA-256 (no session id in a file name). Card data, tokens and bodies are never
/// recorded.
struct PendingPayments: Sendable {
    /// One record.
    struct Record: Codable, Sendable, Equatable {
        let sessionId: String
        let idempotencyKey: String
        let recordedAt: Date
    }

    let store: any SecureStore
    /// The last session id's store key: a submission records and clears under the same one.
    private let lastStoreKey = Locked<(sessionID: String, key: String)?>(nil)

    init(store: any SecureStore) {
        self.store = store
    }

    /// Remembers `key` as the pending submission of `sessionID`, replacing an older one.
    func record(sessionID: String, key: String, at date: Date) throws {
        let record = Record(sessionId: sessionID, idempotencyKey: key, recordedAt: date)
        try store.write(try SDKCoders.snakeCaseEncoder().encode(record), for: storeKey(sessionID))
    }

    /// The pending record of `sessionID`, or `nil`; a record that cannot be read counts as none.
    func record(for sessionID: String) -> Record? {
        guard let data = try? store.read(storeKey(sessionID)),
            let record = try? SDKCoders.snakeCaseDecoder().decode(Record.self, from: data),
            record.sessionId == sessionID
        else { return nil }
        return record
    }

    /// Forgets the pending record of `sessionID`.
    func clear(sessionID: String) {
        try? store.delete(storeKey(sessionID))
    }

    /// ``storeKey(_:)``, remembered for the last session id.
    private func storeKey(_ sessionID: String) -> String {
        if let last = lastStoreKey.withLock({ $0 }), last.sessionID == sessionID { return last.key }
        let key = Self.storeKey(sessionID)
        lastStoreKey.withLock { $0 = (sessionID, key) }
        return key
    }

    /// `purse-pending-<sha256 of the session id, hex>`.
    static func storeKey(_ sessionID: String) -> String {
        "purse-pending-" + ASCIIHex.lowercase(SHA256.hash(Data(sessionID.utf8)))
    }

    /// The store a ``PurseCheckoutStorage`` names.
    static func store(for storage: PurseCheckoutStorage) -> any SecureStore {
        switch storage {
        case .memory:
            return MemorySecureStore()
        case .directory(let url):
            return FileSecureStore(directory: url)
        case .standard:
            #if canImport(Security)
                return KeychainSecureStore(service: "tech.purse.sdk")
            #else
                return FileSecureStore(directory: standardDirectory(environment: ProcessInfo.processInfo.environment))
            #endif
        }
    }

    /// `$XDG_DATA_HOME/purse-checkout` when that is an absolute path, else `$HOME/.local/share/purse-checkout`.
    static func standardDirectory(environment: [String: String]) -> URL {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return URL(fileURLWithPath: data).appendingPathComponent("purse-checkout")
        }
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".local/share/purse-checkout")
    }
}

/// A ``SecureStore`` in this process's memory (``PurseCheckoutStorage/memory``).
final class MemorySecureStore: SecureStore {
    private let values = Locked<[String: Data]>([:])

    func read(_ key: String) throws -> Data? { values.withLock { $0[key] } }
    func write(_ data: Data, for key: String) throws { values.withLock { $0[key] = data } }
    func delete(_ key: String) throws { _ = values.withLock { $0.removeValue(forKey: key) } }
}
