import ErrorCore
import Foundation
import SDKCrypto

/// The signed-in identity that survives restarts, kept in a ``SecureStore`` in one of two layouts
/// (``ChatbaseStorage/TokenLayout``):
/// - ``ChatbaseStorage/TokenLayout/official`` (Apple platforms): the raw token under `userToken`,
///   exactly what the official SDK writes and reads, so either SDK finds the other's signed-in user.
///   The user ID is not kept; the first reply after a restart brings it back.
/// - ``ChatbaseStorage/TokenLayout/perAgent`` (Linux): the token and the user ID the server
///   confirmed, as JSON under a key per agent, because a token is signed with one agent's secret
///   and means nothing to another.
struct IdentityStore: Sendable {
    struct Saved: Codable, Equatable {
        var token: String
        var userId: String?
    }

    /// The official SDK's Keychain account for the token.
    static let officialKey = "userToken"

    let store: any SecureStore
    let layout: ChatbaseStorage.TokenLayout
    let key: String
    let log: ChatbaseLog

    init(storage: ChatbaseStorage, agentId: String, log: ChatbaseLog) {
        self.store = storage.secureStore
        self.layout = storage.tokenLayout
        self.key = layout == .official ? Self.officialKey : Self.key(for: agentId)
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

    /// What the store holds: an identity, none, or nothing that can be said now (a Keychain locked since
    /// the device started: ``SecureStoreError/Kind/unavailable``), which is not "anonymous".
    enum Loaded: Equatable {
        case saved(Saved)
        case none
        case unreadable
    }

    /// Reads the saved identity; an unusable item is logged and counts as none.
    func load() -> Loaded {
        do {
            return try loadSaved().map(Loaded.saved) ?? .none
        } catch let error as SecureStoreError where error.kind == .unavailable {
            log.note(.info, ChatbaseLog.Category.identity, "saved identity cannot be read now; reading it again later")
            return .unreadable
        } catch {
            log.note(
                .warning, ChatbaseLog.Category.identity, "saved identity unreadable: \(ChatbaseLog.summary(error))")
            return .none
        }
    }

    private func loadSaved() throws -> Saved? {
        do {
            guard let data = try store.read(key) else { return nil }
            switch layout {
            case .official:
                guard let token = String(data: data, encoding: .utf8), !token.isEmpty else {
                    throw CocoaError(.fileReadCorruptFile)
                }
                return Saved(token: token)
            case .perAgent:
                return try JSONDecoder().decode(Saved.self, from: data)
            }
        }
    }

    func save(_ saved: Saved) {
        do {
            let data = layout == .official ? Data(saved.token.utf8) : try JSONEncoder().encode(saved)
            try store.write(data, for: key)
        } catch {
            log.note(.warning, ChatbaseLog.Category.identity, "identity not persisted: \(ChatbaseLog.summary(error))")
        }
    }

    func clear() {
        do {
            try store.delete(key)
        } catch {
            log.note(
                .warning, ChatbaseLog.Category.identity, "saved identity not removed: \(ChatbaseLog.summary(error))")
        }
    }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}
