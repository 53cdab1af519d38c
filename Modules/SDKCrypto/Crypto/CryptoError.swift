import COpenSSL

/// Why a cryptographic operation in ``ErrorCore`` failed.
///
/// The associated strings describe the problem (lengths, encodings, OpenSSL's reason); they never
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
    /// An input exceeds what OpenSSL's `int`-sized lengths can carry (AES-GCM: 2 GiB).
    case inputTooLarge(byteCount: Int)
    /// AES-GCM opening failed: the tag does not match the key, nonce, associated data and
    /// ciphertext, or the sealed box is shorter than a tag. Nothing of the plaintext is released.
    case authenticationFailure
    /// OpenSSL reported an error the inputs do not explain.
    ///
    /// `operation` names the step (`"EVP_PKEY_derive"`), `message` is OpenSSL's error queue,
    /// rendered by `ERR_error_string_n`.
    case openSSL(operation: String, message: String)

    /// A one-line explanation, free of secrets.
    package var description: String {
        switch self {
        case .invalidKey(let reason): "invalid key: \(reason)"
        case .invalidPoint: "invalid P-256 public point"
        case .invalidSignatureEncoding: "invalid ECDSA signature encoding"
        case .invalidNonce(let byteCount): "invalid AES-GCM nonce length \(byteCount) (expected 12)"
        case .invalidOutputLength(let count): "invalid derived key length \(count)"
        case .inputTooLarge(let byteCount): "input of \(byteCount) bytes is too large"
        case .authenticationFailure: "authentication failure"
        case .openSSL(let operation, let message): "\(operation) failed: \(message)"
        }
    }
}

extension CryptoError {
    /// Builds ``openSSL(operation:message:)`` from the calling thread's OpenSSL error queue and
    /// empties that queue.
    ///
    /// Emptying matters beyond tidiness: libcurl shares the per-thread queue and would otherwise
    /// read our stale entries as its own TLS failure.
    static func openSSLFailure(_ operation: String) -> CryptoError {
        .openSSL(operation: operation, message: OpenSSLErrorQueue.drain())
    }
}

/// The calling thread's OpenSSL error queue.
enum OpenSSLErrorQueue {
    /// Removes every queued error and returns them joined by `"; "`, or `"no OpenSSL error queued"`.
    static func drain() -> String {
        var messages: [String] = []
        while true {
            let code = ERR_get_error()
            if code == 0 { break }
            var buffer = [CChar](repeating: 0, count: 256)
            ERR_error_string_n(code, &buffer, buffer.count)
            messages.append(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return messages.isEmpty ? "no OpenSSL error queued" : messages.joined(separator: "; ")
    }

    /// Forgets queued errors after a failure that is an expected answer (a signature that does
    /// not verify, a tag that does not match) rather than an error worth reporting.
    static func clear() {
        ERR_clear_error()
    }
}

/// Stops the process on a failure that only a broken OpenSSL installation or exhausted memory can
/// cause (a SHA-256 context that cannot be allocated, a digest that cannot be fetched).
///
/// Callers of hashing and HMAC would have nothing sensible to do with such an error, so these
/// APIs do not throw; the message names the step and OpenSSL's reason, never any input.
func openSSLFatal(_ operation: String, file: StaticString = #file, line: UInt = #line) -> Never {
    fatalError("OpenSSL \(operation) failed: \(OpenSSLErrorQueue.drain())", file: file, line: line)
}
