import Foundation

extension P256PrivateKey {
    /// The ECDH shared secret with `publicKey`: the 32-byte big-endian x coordinate of
    /// `self × publicKey` (SEC 1 §3.3.1, as JWA ECDH-ES uses it).
    ///
    /// The result is raw key material, not a key: pass it through ``HKDFSHA256`` before use.
    /// `publicKey` was validated when it was built, so a hostile point cannot get this far.
    ///
    /// - Throws: ``CryptoError/library(operation:message:)`` if the cryptographic library fails.
    package func sharedSecret(with publicKey: P256PublicKey) throws(CryptoError) -> Data {
        try key.sharedSecret(with: publicKey.key)
    }
}
