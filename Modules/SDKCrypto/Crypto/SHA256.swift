import COpenSSL
import Foundation

/// SHA-256 (FIPS 180-4), one-shot and streaming.
///
/// Used for PKCE challenges, proof-of-work, passkey client-data hashes, JWK thumbprints and as the
/// digest inside every other primitive here. Hashing cannot fail on a working system; if OpenSSL
/// cannot allocate a context the process stops with a message naming the step.
package enum SHA256 {
    /// Length of a digest in bytes.
    package static let byteCount = 32

    /// The 32-byte digest of `data`.
    package static func hash(_ data: some DataProtocol) -> Data {
        var digest = Data(count: byteCount)
        data.withContiguousBytes { input in
            digest.withUnsafeMutableBytes { output in
                var length: UInt32 = 0
                let status = EVP_Digest(
                    input.baseAddress, input.count,
                    output.baseAddress!.assumingMemoryBound(to: UInt8.self), &length,
                    OpenSSLAlgorithms.sha256, nil)
                guard status == 1, length == byteCount else { openSSLFatal("EVP_Digest(SHA256)") }
            }
        }
        return digest
    }

    /// An incremental SHA-256 computation over data that arrives in pieces.
    ///
    /// ```swift
    /// var prefix = SHA256.Hasher()
    /// prefix.update(seed)
    /// var attempt = prefix.copy()  // reuse the state after `seed` for every candidate
    /// attempt.update(Data(nonce.utf8))
    /// let digest = attempt.finalize()
    /// ```
    ///
    /// The hasher is noncopyable because it owns an OpenSSL context; `copy()` duplicates the state
    /// explicitly, `finalize()` consumes the hasher and frees the context.
    package struct Hasher: ~Copyable, @unchecked Sendable {
        // Owned exclusively by this value: noncopyable, so no two values share the context.
        private let context: OpaquePointer

        /// A hasher that has seen no data.
        package init() {
            guard let context = EVP_MD_CTX_new() else { openSSLFatal("EVP_MD_CTX_new") }
            guard EVP_DigestInit_ex2(context, OpenSSLAlgorithms.sha256, nil) == 1 else {
                EVP_MD_CTX_free(context)
                openSSLFatal("EVP_DigestInit_ex2(SHA256)")
            }
            self.context = context
        }

        private init(context: OpaquePointer) {
            self.context = context
        }

        deinit {
            EVP_MD_CTX_free(context)
        }

        /// Feeds `data` into the hash.
        package mutating func update(_ data: some DataProtocol) {
            for region in data.regions {
                region.withUnsafeBytes { bytes in
                    guard bytes.count > 0 else { return }
                    guard EVP_DigestUpdate(context, bytes.baseAddress, bytes.count) == 1 else {
                        openSSLFatal("EVP_DigestUpdate(SHA256)")
                    }
                }
            }
        }

        /// An independent hasher in the same state, so a common prefix is hashed only once.
        package func copy() -> Hasher {
            guard let duplicate = EVP_MD_CTX_new() else { openSSLFatal("EVP_MD_CTX_new") }
            guard EVP_MD_CTX_copy_ex(duplicate, context) == 1 else {
                EVP_MD_CTX_free(duplicate)
                openSSLFatal("EVP_MD_CTX_copy_ex")
            }
            return Hasher(context: duplicate)
        }

        /// The digest of everything fed so far; ends the hasher.
        package consuming func finalize() -> Data {
            var digest = Data(count: SHA256.byteCount)
            digest.withUnsafeMutableBytes { output in
                var length: UInt32 = 0
                let status = EVP_DigestFinal_ex(
                    context, output.baseAddress!.assumingMemoryBound(to: UInt8.self), &length)
                guard status == 1, length == SHA256.byteCount else { openSSLFatal("EVP_DigestFinal_ex") }
            }
            return digest
        }
    }
}
