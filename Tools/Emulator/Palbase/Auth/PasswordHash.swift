import EmulatorCore
import Foundation
import SDKCrypto

/// A stored password: PBKDF2-SHA256 over the UTF-8 password with a fresh 16-byte salt from the CSPRNG,
/// kept as `pbkdf2_sha256$<iterations>$<salt, base64url>$<32-byte key, base64url>`.
///
/// The iteration count travels with the hash, so raising `AuthPolicy.passwordIterations` never locks out
/// an existing password. Verification compares in constant time (`PBKDF2SHA256.isValid`).
struct PasswordHash: Sendable, Equatable {
    static let scheme = "pbkdf2_sha256"
    static let saltByteCount = 16
    static let keyByteCount = 32

    let iterations: Int
    let salt: Data
    let key: Data

    /// Hashes `password` with a new random salt.
    init(hashing password: String, iterations: Int) throws {
        self.iterations = iterations
        salt = SecureRandom.bytes(Self.saltByteCount)
        key = try PBKDF2SHA256.deriveKey(
            password: Data(password.utf8), salt: salt, iterations: iterations, outputByteCount: Self.keyByteCount)
    }

    /// Parses the stored form; nil when it is not one this type wrote.
    init?(stored: String) {
        let parts = stored.split(separator: "$", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == Self.scheme, let iterations = Int(parts[1]),
            PBKDF2SHA256.iterationRange.contains(iterations), let salt = Base64URL.decode(String(parts[2])),
            let key = Base64URL.decode(String(parts[3])), key.count == Self.keyByteCount
        else { return nil }
        self.iterations = iterations
        self.salt = salt
        self.key = key
    }

    /// The form stored in `auth_users.password_hash`.
    var stored: String {
        "\(Self.scheme)$\(iterations)$\(Base64URL.encode(salt))$\(Base64URL.encode(key))"
    }

    /// Whether `password` is the one this hash was made from.
    func matches(_ password: String) -> Bool {
        PBKDF2SHA256.isValid(key, password: Data(password.utf8), salt: salt, iterations: iterations)
    }
}
