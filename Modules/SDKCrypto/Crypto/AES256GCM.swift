import Foundation

/// AES-256 in Galois/Counter Mode (NIST SP 800-38D) with 12-byte nonces and 16-byte tags: the
/// content encryption of sealed request and response bodies.
///
/// A sealed box is `ciphertext‖tag`. Never seal two messages with the same key and nonce; draw
/// nonces with `SecureRandom.bytes(AES256GCM.nonceByteCount)`. Inputs are limited to 2 GiB
/// (OpenSSL's `int` lengths, enforced on every platform), far beyond any request body.
package enum AES256GCM {
    /// Key length in bytes.
    package static let keyByteCount = 32
    /// Nonce length in bytes.
    package static let nonceByteCount = 12
    /// Authentication tag length in bytes, appended to the ciphertext.
    package static let tagByteCount = 16

    /// Encrypts `plaintext` and authenticates it together with `aad`; returns `ciphertext‖tag`.
    ///
    /// - Throws: ``CryptoError/invalidKey(reason:)`` unless `key` is 32 bytes,
    ///   ``CryptoError/invalidNonce(byteCount:)`` unless `nonce` is 12 bytes,
    ///   ``CryptoError/inputTooLarge(byteCount:)`` past 2 GiB,
    ///   ``CryptoError/library(operation:message:)`` if the cryptographic library fails.
    package static func seal(
        _ plaintext: some DataProtocol,
        key: some DataProtocol,
        nonce: some DataProtocol,
        authenticating aad: some DataProtocol
    ) throws(CryptoError) -> Data {
        try validate(key: key, nonce: nonce)
        try validate(inputByteCount: plaintext.count)
        try validate(inputByteCount: aad.count)
        return try Backend.seal(plaintext, key: key, nonce: nonce, authenticating: aad)
    }

    /// Checks the tag of `sealed` (`ciphertext‖tag`) against `key`, `nonce` and `aad`, and
    /// returns the plaintext only if it matches.
    ///
    /// - Throws: ``CryptoError/authenticationFailure`` when anything was altered or a different
    ///   key, nonce or `aad` is used, or `sealed` is shorter than a tag;
    ///   ``CryptoError/invalidKey(reason:)`` / ``CryptoError/invalidNonce(byteCount:)`` for wrong
    ///   lengths; ``CryptoError/inputTooLarge(byteCount:)`` past 2 GiB;
    ///   ``CryptoError/library(operation:message:)`` if the cryptographic library fails.
    package static func open(
        _ sealed: some DataProtocol,
        key: some DataProtocol,
        nonce: some DataProtocol,
        authenticating aad: some DataProtocol
    ) throws(CryptoError) -> Data {
        try validate(key: key, nonce: nonce)
        try validate(inputByteCount: sealed.count)
        try validate(inputByteCount: aad.count)
        guard sealed.count >= tagByteCount else { throw .authenticationFailure }
        return try Backend.open(sealed, key: key, nonce: nonce, authenticating: aad)
    }

    // The checks live here rather than in a backend, so every backend reports the same error for
    // the same mistake.
    private static func validate(key: some DataProtocol, nonce: some DataProtocol) throws(CryptoError) {
        guard key.count == keyByteCount else {
            throw .invalidKey(reason: "AES-256-GCM key must be 32 bytes, got \(key.count)")
        }
        guard nonce.count == nonceByteCount else { throw .invalidNonce(byteCount: nonce.count) }
    }

    private static func validate(inputByteCount: Int) throws(CryptoError) {
        guard inputByteCount <= Int(Int32.max) else { throw .inputTooLarge(byteCount: inputByteCount) }
    }
}
