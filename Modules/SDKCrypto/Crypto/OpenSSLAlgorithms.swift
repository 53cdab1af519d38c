#if canImport(COpenSSL)
    import COpenSSL

    /// The OpenSSL algorithm implementations this module uses, fetched once per process.
    ///
    /// OpenSSL 3 looks an algorithm up in its provider store on every implicit use
    /// (`EVP_sha256()` inside `EVP_DigestInit_ex`); fetching once and reusing the object is the
    /// documented fast path. Fetched `EVP_MD`, `EVP_MAC`, `EVP_KDF` and `EVP_CIPHER` objects are
    /// immutable and reference-counted, so sharing them across threads is safe, which is what the
    /// `nonisolated(unsafe)` spelling asserts. They are never freed: they live as long as the process.
    enum OpenSSLAlgorithms {
        /// SHA-256 digest.
        nonisolated(unsafe) static let sha256: OpaquePointer = {
            guard let md = EVP_MD_fetch(nil, "SHA256", nil) else { openSSLFatal("EVP_MD_fetch(SHA256)") }
            return md
        }()

        /// HMAC, keyed per use with the digest parameter set to SHA-256.
        nonisolated(unsafe) static let hmac: OpaquePointer = {
            guard let mac = EVP_MAC_fetch(nil, "HMAC", nil) else { openSSLFatal("EVP_MAC_fetch(HMAC)") }
            return mac
        }()

        /// HKDF (RFC 5869), extract-then-expand mode, the digest set per use.
        nonisolated(unsafe) static let hkdf: OpaquePointer = {
            guard let kdf = EVP_KDF_fetch(nil, "HKDF", nil) else { openSSLFatal("EVP_KDF_fetch(HKDF)") }
            return kdf
        }()

        /// AES-256 in Galois/Counter Mode.
        nonisolated(unsafe) static let aes256GCM: OpaquePointer = {
            guard let cipher = EVP_CIPHER_fetch(nil, "AES-256-GCM", nil) else {
                openSSLFatal("EVP_CIPHER_fetch(AES-256-GCM)")
            }
            return cipher
        }()
    }
#endif
