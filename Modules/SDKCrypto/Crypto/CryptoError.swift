/// Why a cryptographic operation in `SDKCrypto` failed.
///
/// The associated strings describe the problem (lengths, encodings, the library's reason); they never
/// contain key material, plaintext or any other secret, so an error is safe to log.
package enum CryptoError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Key bytes were rejected: wrong length, a private scalar outside `1..<n`, or a JWK with the
    /// wrong `kty`/`crv`. The reason says which.
    case invalidKey(reason: String)
    /// A public key is not a valid P-256 point: not 65 bytes of uncompressed X9.63, not on the
    /// curve, or the point at infinity.
    case invalidPoint
    /// A signature is neither 64 raw bytes (`r‖s`) nor a well-formed DER `ECDSA-Sig-Value`.
    case invalidSignatureEncoding
    /// An AES-GCM nonce was not 12 bytes long.
    case invalidNonce(byteCount: Int)
    /// A requested derived-key length is outside what the algorithm can produce
    /// (HKDF-SHA256: `1...8160` bytes).
    case invalidOutputLength(Int)
    /// A key-stretching iteration count is outside what the algorithm accepts (PBKDF2-SHA256:
    /// `1...2147483647`).
    case invalidIterationCount(Int)
    /// An input exceeds what OpenSSL's `int`-sized lengths can carry (AES-GCM: 2 GiB). Checked on
    /// every platform, so a size limit never depends on the backend.
    case inputTooLarge(byteCount: Int)
    /// AES-GCM opening failed: the tag does not match the key, nonce, associated data and
    /// ciphertext, or the sealed box is shorter than a tag. Nothing of the plaintext is released.
    case authenticationFailure
    /// The cryptographic library reported an error the inputs do not explain.
    ///
    /// `operation` names the step (`"EVP_PKEY_derive"`). With OpenSSL, `message` is its error queue,
    /// rendered by `ERR_error_string_n`; on Apple platforms it is CryptoKit's error description,
    /// prefixed `CryptoKit: `. One case for both, so callers handle one error type everywhere.
    case library(operation: String, message: String)

    /// A one-line explanation, free of secrets.
    package var description: String {
        switch self {
        case .invalidKey(let reason): "invalid key: \(reason)"
        case .invalidPoint: "invalid P-256 public point"
        case .invalidSignatureEncoding: "invalid ECDSA signature encoding"
        case .invalidNonce(let byteCount): "invalid AES-GCM nonce length \(byteCount) (expected 12)"
        case .invalidOutputLength(let count): "invalid derived key length \(count)"
        case .invalidIterationCount(let count): "invalid iteration count \(count)"
        case .inputTooLarge(let byteCount): "input of \(byteCount) bytes is too large"
        case .authenticationFailure: "authentication failure"
        case .library(let operation, let message): "\(operation) failed: \(message)"
        }
    }
}
