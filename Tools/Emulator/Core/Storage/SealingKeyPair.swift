import ErrorCore
import Foundation
import SDKCrypto

/// The emulator's sealing key: the P-256 key pair clients seal request bodies to (`ECDH-ES+A256GCM`).
package struct SealingKeyPair: Sendable {
    /// The private half; never leaves the data directory.
    package let privateKey: P256PrivateKey
    /// The 65-byte uncompressed public point.
    package let publicKey: Data
    /// The key id clients echo as `kid`: `k_` + the first 8 bytes of SHA-256(public point), hex.
    package let keyID: String

    package init(privateKey: P256PrivateKey) throws {
        self.privateKey = privateKey
        publicKey = privateKey.publicKey.x963Representation
        keyID = "k_" + SHA256.hash(publicKey).prefix(8).map { String(format: "%02x", $0) }.joined()
    }

    /// The body of `GET /.well-known/palbase-sealing-key`.
    package var document: [String: String] {
        ["kid": keyID, "alg": "ECDH-ES+A256GCM", "public_key": Base64URL.encode(publicKey)]
    }
}
