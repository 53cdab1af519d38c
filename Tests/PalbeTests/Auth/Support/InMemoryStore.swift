import ErrorCore
import Foundation
import SDKCrypto

/// A session store in memory: a device whose secure store starts empty and is never shared.
final class InMemoryStore: SecureStore {
    private let items = Locked<[String: Data]>([:])

    func read(_ key: String) throws -> Data? { items.withLock { $0[key] } }
    func write(_ data: Data, for key: String) throws { items.withLock { $0[key] = data } }
    func delete(_ key: String) throws { items.withLock { $0[key] = nil } }
}
