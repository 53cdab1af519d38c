import Foundation

/// A NIST P-256 private key: signs ES256 (DPoP proofs, JWTs, software passkeys) and agrees on
/// ECDH secrets (sealed bodies).
///
/// Use one key for one purpose — a DPoP device key signs, an ephemeral sealing key agrees — even
/// though the type allows both. The private scalar stays inside the cryptographic library, which
/// wipes it when the last copy of the key is gone; ``rawRepresentation`` exports it for persistence
/// only.
package struct P256PrivateKey: Sendable {
    let key: Backend
    /// The matching public key.
    package let publicKey: P256PublicKey

    /// The order n of the P-256 group, big-endian: valid private scalars are `1..<n`.
    private static let order: [UInt8] = [
        0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
        0xBC, 0xE6, 0xFA, 0xAD, 0xA7, 0x17, 0x9E, 0x84, 0xF3, 0xB9, 0xCA, 0xC2, 0xFC, 0x63, 0x25, 0x51,
    ]

    /// A fresh key pair from the system's CSPRNG.
    ///
    /// Generation needs only randomness and memory; if either is unavailable the process stops,
    /// as with ``SecureRandom``.
    package init() {
        let key = Backend()
        self.key = key
        publicKey = key.publicKey
    }

    /// Restores a key from its 32-byte big-endian private scalar, as ``rawRepresentation``
    /// exported it; the public key is recomputed.
    ///
    /// - Throws: ``CryptoError/invalidKey(reason:)`` unless the input is 32 bytes encoding a scalar
    ///   in `1..<n` (n the group order).
    package init(rawRepresentation: some DataProtocol) throws(CryptoError) {
        guard rawRepresentation.count == 32 else {
            throw .invalidKey(reason: "P-256 private key must be 32 bytes, got \(rawRepresentation.count)")
        }
        // Checked here, not left to the backend, so every backend refuses the same scalars with the
        // same error. Like OpenSSL's BN_cmp it is not constant time, but it only reveals how many
        // leading bytes are zero or equal n's, almost always none for a real key. No copy is made
        // here; the backend wipes the copies it needs.
        guard rawRepresentation.contains(where: { $0 != 0 }), rawRepresentation.lexicographicallyPrecedes(Self.order)
        else {
            throw .invalidKey(reason: "P-256 private scalar is not in 1..<n")
        }
        let key = try Backend(scalar: rawRepresentation)
        self.key = key
        publicKey = key.publicKey
    }

    /// The 32-byte big-endian private scalar, for persisting the key (a DPoP device key lives as
    /// long as the session). Treat it as a secret: store it only in the key store, never log it.
    package var rawRepresentation: Data {
        key.rawRepresentation
    }

    /// An ECDSA signature over SHA-256(`message`) in the 64-byte `r‖s` form JWS ES256 uses.
    ///
    /// Signatures are randomized (a fresh nonce per signature), so signing the same message twice
    /// gives different bytes; both verify. Wrap in ``P256Signature`` for the DER form.
    ///
    /// - Throws: ``CryptoError/library(operation:message:)`` if the cryptographic library fails,
    ///   which a healthy system does not do.
    package func signature(for message: some DataProtocol) throws(CryptoError) -> Data {
        try key.signature(for: message)
    }
}
