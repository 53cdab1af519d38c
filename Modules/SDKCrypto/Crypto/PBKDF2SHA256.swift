import Foundation

/// PBKDF2 with HMAC-SHA256 (RFC 8018 §5.2): stretches a password into a key, the hash a password
/// store keeps instead of the password.
///
/// CryptoKit has no PBKDF2, so Apple platforms use CommonCrypto's `CCKeyDerivationPBKDF`; Linux uses
/// OpenSSL's `PKCS5_PBKDF2_HMAC`. Both give the RFC 7914 §11 vectors.
package enum PBKDF2SHA256 {
    /// The most bytes one derivation produces here: far more than any stored hash needs, and small
    /// enough that a caller's mistake cannot ask for gigabytes.
    package static let maximumOutputByteCount = 1024
    /// The iteration counts accepted: at least one, and what both libraries' 32-bit counters hold.
    package static let iterationRange = 1...Int(Int32.max)

    /// `outputByteCount` bytes derived from `password` and `salt` with `iterations` rounds.
    ///
    /// The password is taken as bytes (UTF-8 for text); an empty salt is allowed but defeats the
    /// point, so a password store draws a fresh random one per password. The work grows linearly with
    /// `iterations`: a store picks a count as high as its latency budget allows.
    ///
    /// - Throws: ``CryptoError/invalidOutputLength(_:)`` unless `1 ≤ outputByteCount ≤ 1024`;
    ///   ``CryptoError/invalidIterationCount(_:)`` unless `iterations` is in ``iterationRange``;
    ///   ``CryptoError/library(operation:message:)`` if the cryptographic library fails.
    package static func deriveKey(
        password: some DataProtocol,
        salt: some DataProtocol,
        iterations: Int,
        outputByteCount: Int
    ) throws(CryptoError) -> Data {
        guard (1...maximumOutputByteCount).contains(outputByteCount) else {
            throw .invalidOutputLength(outputByteCount)
        }
        guard iterationRange.contains(iterations) else { throw .invalidIterationCount(iterations) }
        return try Backend.deriveKey(
            password: password, salt: salt, iterations: iterations, outputByteCount: outputByteCount)
    }

    /// Whether `derivedKey` is what `password` derives under `salt` and `iterations` (at the same
    /// length).
    ///
    /// The comparison takes the same time wherever the first differing byte is, so a verifier leaks
    /// nothing about how close a guess came. A key of an impossible length, or parameters
    /// ``deriveKey(password:salt:iterations:outputByteCount:)`` refuses, are `false`.
    package static func isValid(
        _ derivedKey: some DataProtocol,
        password: some DataProtocol,
        salt: some DataProtocol,
        iterations: Int
    ) -> Bool {
        guard
            let expected = try? deriveKey(
                password: password, salt: salt, iterations: iterations, outputByteCount: derivedKey.count)
        else { return false }
        return ConstantTime.isEqual(expected, derivedKey)
    }
}
