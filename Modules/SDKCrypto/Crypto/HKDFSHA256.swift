import Foundation

/// HKDF with SHA-256 (RFC 5869), extract then expand: turns an ECDH secret into an AES key.
package enum HKDFSHA256 {
    /// The most bytes one derivation can produce: 255 blocks of 32.
    package static let maximumOutputByteCount = 255 * 32

    /// `outputByteCount` bytes of keying material derived from `inputKeyMaterial`.
    ///
    /// An empty `salt` means "no salt" (RFC 5869 §2.2: a string of zeros, which gives the same
    /// result); an empty `info` binds nothing. Empty input key material is allowed, as in the RFC.
    ///
    /// - Throws: ``CryptoError/invalidOutputLength(_:)`` unless `1 ≤ outputByteCount ≤ 8160`;
    ///   ``CryptoError/library(operation:message:)`` if the cryptographic library fails.
    package static func deriveKey(
        inputKeyMaterial: some DataProtocol,
        salt: some DataProtocol,
        info: some DataProtocol,
        outputByteCount: Int
    ) throws(CryptoError) -> Data {
        // Checked here for every backend: CryptoKit would trap on a length it cannot produce.
        guard (1...maximumOutputByteCount).contains(outputByteCount) else {
            throw .invalidOutputLength(outputByteCount)
        }
        return try Backend.deriveKey(
            inputKeyMaterial: inputKeyMaterial, salt: salt, info: info, outputByteCount: outputByteCount)
    }
}
