import ErrorCore
import Foundation
import SDKCrypto

/// One credential of ``SoftwareAuthenticator``, as its store keeps it. Prints and reflects without
/// its private key.
struct StoredPasskey: Sendable, Equatable, Codable, CustomStringConvertible, CustomReflectable {
    /// The credential id.
    var id: Data
    /// The 32-byte P-256 private scalar.
    var privateKey: Data
    /// The user handle the server gave at registration.
    var userID: String
    /// The account name the sheet lists.
    var userName: String
    /// The count the last assertion carried (0 after registration).
    var signCount: UInt32

    // Spelled out rather than left to a snake_case coder, which would read `user_id` back as `userId`.
    private enum CodingKeys: String, CodingKey {
        case id
        case privateKey = "private_key"
        case userID = "user_id"
        case userName = "user_name"
        case signCount = "sign_count"
    }

    var description: String { "StoredPasskey(\(userName), count \(signCount), <redacted>)" }
    var customMirror: Mirror { Mirror(self, children: ["userName": userName], displayStyle: .struct) }
}

/// The item of one relying party: `{"version":1,"credentials":[…]}`, oldest first, the most
/// recently used last.
private struct StoredPasskeys: Codable {
    static let currentVersion = 1
    var version = currentVersion
    var credentials: [StoredPasskey]
}

extension SoftwareAuthenticator {
    /// The store key of `rpID`'s credentials: `palbe-passkeys-` and 32 hex digits of SHA-256 over
    /// the host, so any host maps to a key every ``SecureStore`` accepts.
    package static func itemKey(rpID: String) -> String {
        "palbe-passkeys-" + SHA256.hash(Data(rpID.utf8)).prefix(16).map { String(format: "%02x", $0) }.joined()
    }

    /// The credentials saved for `rpID`, oldest first; none when the item does not exist.
    func credentials(rpID: String) throws(PasskeyAuthenticatorError) -> [StoredPasskey] {
        let data: Data?
        do {
            data = try store.read(Self.itemKey(rpID: rpID))
        } catch {
            throw .failed("the passkey store could not be read (\(error))")
        }
        guard let data else { return [] }
        guard let item = try? JSONDecoder().decode(StoredPasskeys.self, from: data),
            item.version == StoredPasskeys.currentVersion
        else { throw .failed("the passkey store holds an item this SDK cannot read") }
        return item.credentials
    }

    /// Replaces `rpID`'s credentials with `credentials`.
    func save(_ credentials: [StoredPasskey], rpID: String) throws(PasskeyAuthenticatorError) {
        do {
            let data = try JSONEncoder().encode(StoredPasskeys(credentials: credentials))
            try store.write(data, for: Self.itemKey(rpID: rpID))
        } catch {
            throw .failed("the passkey store could not be written (\(error))")
        }
    }

    /// How many credentials the store holds for `rpID`; for tools that show what a device has.
    package func credentialCount(rpID: String) throws(PasskeyAuthenticatorError) -> Int {
        try credentials(rpID: rpID).count
    }
}
