import EmulatorCore
import Foundation
import SDKCrypto

/// Bearer secrets and codes: drawn from the CSPRNG, stored only as hashes.
enum AuthSecrets {
    /// A fresh opaque token: `prefix` then 32 random bytes in base64url.
    static func token(_ prefix: String) -> String {
        prefix + Base64URL.encode(SecureRandom.bytes(32))
    }

    /// A fresh id: `prefix` then 16 random bytes in hex.
    static func id(_ prefix: String) -> String {
        prefix + hex(SecureRandom.bytes(16))
    }

    /// A six-digit code, uniform over 000000–999999 (rejection sampling, so no digit is favoured).
    static func code() -> String {
        while true {
            let value = SecureRandom.bytes(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            // 4_294_000_000 is the largest multiple of 1_000_000 below 2^32.
            if value < 4_294_000_000 { return String(format: "%06u", value % 1_000_000) }
        }
    }

    /// What the tables keep instead of `secret`: the hex SHA-256, salted with what the secret is for (so
    /// a six-digit code's hash is not shared across phones).
    static func hash(_ secret: String, context: String = "") -> String {
        hex(SHA256.hash(Data("\(context)\u{0}\(secret)".utf8)))
    }

    private static func hex(_ bytes: Data) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }
}
