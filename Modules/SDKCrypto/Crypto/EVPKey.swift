#if canImport(COpenSSL)
    import COpenSSL

    /// Owns one OpenSSL `EVP_PKEY` and frees it when the last reference goes away.
    ///
    /// The key is fully built before this wrapper exists and is never mutated afterwards; OpenSSL
    /// documents concurrent signing, verifying and deriving with one `EVP_PKEY` through separate
    /// `EVP_PKEY_CTX` objects as safe (openssl-threads(7)). That is what `@unchecked Sendable` relies on:
    /// every operation here creates and frees its own context.
    final class EVPKey: @unchecked Sendable {
        let pointer: OpaquePointer

        /// Takes ownership of `pointer`.
        init(taking pointer: OpaquePointer) {
            self.pointer = pointer
        }

        deinit {
            EVP_PKEY_free(pointer)
        }

        /// Builds a P-256 key from OpenSSL parameters with `EVP_PKEY_fromdata`.
        ///
        /// `selection` is `sdk_evp_pkey_selection_public_key()` or `…_keypair()`; `params` must stay
        /// valid for the duration of the call.
        static func fromData(_ params: UnsafeMutablePointer<OSSL_PARAM>, selection: Int32) throws(CryptoError) -> EVPKey
        {
            guard let context = EVP_PKEY_CTX_new_from_name(nil, "EC", nil) else {
                throw .openSSLFailure("EVP_PKEY_CTX_new_from_name(EC)")
            }
            defer { EVP_PKEY_CTX_free(context) }
            guard EVP_PKEY_fromdata_init(context) == 1 else { throw .openSSLFailure("EVP_PKEY_fromdata_init") }
            var key: OpaquePointer?
            guard EVP_PKEY_fromdata(context, &key, selection, params) == 1, let key else {
                throw .openSSLFailure("EVP_PKEY_fromdata")
            }
            return EVPKey(taking: key)
        }

        /// Runs `body` with a fresh `EVP_PKEY_CTX` for this key, freed afterwards on every path.
        func withContext<R>(
            _ operation: String, _ body: (OpaquePointer) throws(CryptoError) -> R
        ) throws(CryptoError) -> R {
            guard let context = EVP_PKEY_CTX_new_from_pkey(nil, pointer, nil) else {
                throw .openSSLFailure("\(operation): EVP_PKEY_CTX_new_from_pkey")
            }
            defer { EVP_PKEY_CTX_free(context) }
            return try body(context)
        }
    }
#endif
