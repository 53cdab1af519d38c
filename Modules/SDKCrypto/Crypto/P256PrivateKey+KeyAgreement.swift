import COpenSSL
import Foundation

extension P256PrivateKey {
    /// The ECDH shared secret with `publicKey`: the 32-byte big-endian x coordinate of
    /// `self × publicKey` (SEC 1 §3.3.1, as JWA ECDH-ES uses it).
    ///
    /// The result is raw key material, not a key: pass it through ``HKDFSHA256`` before use.
    /// `publicKey` was validated when it was built, so a hostile point cannot get this far.
    ///
    /// - Throws: ``CryptoError/openSSL(operation:message:)`` if OpenSSL fails.
    package func sharedSecret(with publicKey: P256PublicKey) throws(CryptoError) -> Data {
        try key.withContext("ECDH") { context throws(CryptoError) -> Data in
            guard EVP_PKEY_derive_init(context) == 1 else { throw .openSSLFailure("EVP_PKEY_derive_init") }
            guard EVP_PKEY_derive_set_peer(context, publicKey.key.pointer) == 1 else {
                throw .openSSLFailure("EVP_PKEY_derive_set_peer")
            }
            var secret = Data(count: 32)
            var length = secret.count
            let status = secret.withUnsafeMutableBytes { buffer in
                EVP_PKEY_derive(context, buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), &length)
            }
            guard status == 1, length == 32 else { throw .openSSLFailure("EVP_PKEY_derive") }
            return secret
        }
    }
}
