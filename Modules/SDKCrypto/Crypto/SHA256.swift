import Foundation

/// SHA-256 (FIPS 180-4), one-shot and streaming.
///
/// Used for PKCE challenges, proof-of-work, passkey client-data hashes, JWK thumbprints and as the
/// digest inside every other primitive here. Hashing cannot fail on a working system; if the
/// library cannot allocate its state the process stops with a message naming the step.
package enum SHA256 {
    /// Length of a digest in bytes.
    package static let byteCount = 32

    /// The 32-byte digest of `data`.
    package static func hash(_ data: some DataProtocol) -> Data {
        Backend.hash(data)
    }

    /// The 32-byte digest of `data`. The same digest as the generic overload, specialized here: a
    /// caller in another module would otherwise reach the bytes through unspecialized generic code
    /// that cost several times the hash itself.
    package static func hash(_ data: Data) -> Data {
        Backend.hash(data)
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
    /// The hasher is noncopyable because with OpenSSL it owns a context; `copy()` duplicates the
    /// state explicitly, `finalize()` consumes the hasher and frees the context.
    package struct Hasher: ~Copyable, Sendable {
        private var backend: Backend

        /// A hasher that has seen no data.
        package init() {
            backend = Backend()
        }

        private init(backend: consuming Backend) {
            self.backend = backend
        }

        /// Feeds `data` into the hash.
        package mutating func update(_ data: some DataProtocol) {
            backend.update(data)
        }

        /// An independent hasher in the same state, so a common prefix is hashed only once.
        package func copy() -> Hasher {
            Hasher(backend: backend.copy())
        }

        /// The digest of everything fed so far; ends the hasher.
        package consuming func finalize() -> Data {
            backend.finalize()
        }
    }
}
