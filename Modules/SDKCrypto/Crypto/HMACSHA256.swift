import COpenSSL
import Foundation

/// HMAC with SHA-256 (RFC 2104), the MAC behind HS256 JWTs.
///
/// Keys of any length are accepted, including empty ones and keys longer than the 64-byte block
/// (hashed first, as RFC 2104 specifies). Computing a MAC cannot fail on a working system; if
/// OpenSSL cannot allocate a context the process stops with a message naming the step.
package enum HMACSHA256 {
    /// Length of an authentication code in bytes.
    package static let byteCount = 32

    /// The 32-byte authentication code of `message` under `key`.
    package static func authenticationCode(for message: some DataProtocol, key: some DataProtocol) -> Data {
        guard let context = EVP_MAC_CTX_new(OpenSSLAlgorithms.hmac) else { openSSLFatal("EVP_MAC_CTX_new") }
        defer { EVP_MAC_CTX_free(context) }
        var params = [
            OSSL_PARAM_construct_utf8_string(
                sdk_ossl_param_digest(), UnsafeMutablePointer(mutating: sdk_ossl_name_sha256()), 0),
            OSSL_PARAM_construct_end(),
        ]
        key.withContiguousBytes { keyBytes in
            guard EVP_MAC_init(context, keyBytes.bytePointer, keyBytes.count, &params) == 1 else {
                openSSLFatal("EVP_MAC_init(HMAC-SHA256)")
            }
        }
        message.withContiguousBytes { messageBytes in
            guard EVP_MAC_update(context, messageBytes.bytePointer, messageBytes.count) == 1 else {
                openSSLFatal("EVP_MAC_update")
            }
        }
        var code = Data(count: byteCount)
        code.withUnsafeMutableBytes { output in
            var length = 0
            let status = EVP_MAC_final(
                context, output.baseAddress!.assumingMemoryBound(to: UInt8.self), &length, output.count)
            guard status == 1, length == byteCount else { openSSLFatal("EVP_MAC_final") }
        }
        return code
    }

    /// Whether `mac` is the authentication code of `message` under `key`.
    ///
    /// The comparison takes the same time wherever the first differing byte is, so a verifier
    /// leaks nothing about how close a forged code came. A code of the wrong length is `false`.
    package static func isValid(
        _ mac: some DataProtocol,
        for message: some DataProtocol,
        key: some DataProtocol
    ) -> Bool {
        let expected = authenticationCode(for: message, key: key)
        guard mac.count == expected.count else { return false }
        return mac.withContiguousBytes { given in
            expected.withContiguousBytes { wanted in
                CRYPTO_memcmp(given.baseAddress, wanted.baseAddress, wanted.count) == 0
            }
        }
    }
}
