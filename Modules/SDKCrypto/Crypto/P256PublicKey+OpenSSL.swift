#if canImport(COpenSSL)
    import COpenSSL
    import Foundation

    extension P256PublicKey {
        /// A P-256 public key imported into OpenSSL.
        struct Backend: Sendable {
            let evpKey: EVPKey

            /// Imports `point` (65 bytes, `0x04` first) and checks it with `EVP_PKEY_public_check`.
            init(validating point: Data) throws(CryptoError) {
                let key = try point.withContiguousBytes { bytes throws(CryptoError) -> EVPKey in
                    var params = [
                        OSSL_PARAM_construct_utf8_string(
                            sdk_ossl_pkey_param_group_name(), UnsafeMutablePointer(mutating: sdk_ossl_name_p256()), 0),
                        OSSL_PARAM_construct_octet_string(
                            sdk_ossl_pkey_param_pub_key(), UnsafeMutableRawPointer(mutating: bytes.baseAddress),
                            bytes.count),
                        OSSL_PARAM_construct_end(),
                    ]
                    do {
                        return try EVPKey.fromData(&params, selection: sdk_evp_pkey_selection_public_key())
                    } catch {
                        // OpenSSL decodes the point while importing it and refuses points off the curve.
                        OpenSSLErrorQueue.clear()
                        throw .invalidPoint
                    }
                }
                let passesCheck = try key.withContext("EVP_PKEY_public_check") { context in
                    EVP_PKEY_public_check(context) == 1
                }
                guard passesCheck else {
                    OpenSSLErrorQueue.clear()
                    throw .invalidPoint
                }
                evpKey = key
            }

            func isValidSignature(_ signature: P256Signature, for message: some DataProtocol) -> Bool {
                guard let context = EVP_MD_CTX_new() else { openSSLFatal("EVP_MD_CTX_new") }
                defer { EVP_MD_CTX_free(context) }
                guard EVP_DigestVerifyInit_ex(context, nil, sdk_ossl_name_sha256(), nil, nil, evpKey.pointer, nil) == 1
                else {
                    OpenSSLErrorQueue.clear()
                    return false
                }
                let status = signature.derRepresentation.withContiguousBytes { der in
                    message.withContiguousBytes { bytes in
                        EVP_DigestVerify(context, der.bytePointer, der.count, bytes.bytePointer, bytes.count)
                    }
                }
                guard status == 1 else {
                    // A signature that does not verify leaves an entry on the queue; it is an answer, not an error.
                    OpenSSLErrorQueue.clear()
                    return false
                }
                return true
            }
        }
    }
#endif
