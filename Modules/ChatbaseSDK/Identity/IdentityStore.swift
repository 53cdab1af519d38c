import ErrorCore
import Foundation
import SDKCrypto

/// The signed-in identity that survives restarts: the token (and the user ID the server
/// confirmed), kept in a ``SecureStore`` under a key per agent, because a token is signed with one
/// agent's secret and means nothing to another.
struct IdentityStore: Sendable {
    struct Saved: Codable, Equatable {
        var token: String
        var userId: String?
    }

    let store: any SecureStore
    let key: String
    let log: ChatbaseLog

    init(store: any SecureStore, agentId: String, log: ChatbaseLog) {
        self.store = store
        self.key = Self.key(for: agentId)
        self.log = log
    }

    /// `identity-<agent id>`, with every byte outside `A–Z a–z 0–9 _ -` written as `.XX` (hex), so
    /// any agent ID gives a valid, distinct key.
    static func key(for agentId: String) -> String {
        var key = "identity-"
        for byte in agentId.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
                key.append(Character(UnicodeScalar(byte)))
            default:
                key += "." + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return String(key.prefix(128))
    }

    func load() -> Saved? {
        do {
            guard let data = try store.read(key) else { return nil }
            return try JSONDecoder().decode(Saved.self, from: data)
        } catch {
            log.note(.warning, "identity", "saved identity unreadable: \(ChatbaseLog.summary(error))")
            return nil
        }
    }

    func save(_ saved: Saved) {
        do {
            try store.write(try JSONEncoder().encode(saved), for: key)
        } catch {
            log.note(.warning, "identity", "identity not persisted: \(ChatbaseLog.summary(error))")
        }
    }

    func clear() {
        do {
            try store.delete(key)
        } catch {
            log.note(.warning, "identity", "saved identity not removed: \(ChatbaseLog.summary(error))")
        }
    }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}
