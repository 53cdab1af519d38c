#if canImport(COpenSSL)
    import COpenSSL
    import Foundation

    extension HKDFSHA256 {
        /// HKDF-SHA256 on OpenSSL's `EVP_KDF`.
        enum Backend {
            /// `outputByteCount` is already in range.
            static func deriveKey(
                inputKeyMaterial: some DataProtocol,
                salt: some DataProtocol,
                info: some DataProtocol,
                outputByteCount: Int
            ) throws(CryptoError) -> Data {
                guard let context = EVP_KDF_CTX_new(OpenSSLAlgorithms.hkdf) else {
                    throw .openSSLFailure("EVP_KDF_CTX_new")
                }
                defer { EVP_KDF_CTX_free(context) }

                var output = Data(count: outputByteCount)
                let status = inputKeyMaterial.withContiguousBytes { key in
                    salt.withContiguousBytes { salt in
                        info.withContiguousBytes { info in
                            var params = [
                                OSSL_PARAM_construct_utf8_string(
                                    sdk_ossl_param_digest(), UnsafeMutablePointer(mutating: sdk_ossl_name_sha256()), 0),
                                OSSL_PARAM_construct_octet_string(
                                    sdk_ossl_kdf_param_key(), UnsafeMutableRawPointer(mutating: key.baseAddress),
                                    key.count),
                                OSSL_PARAM_construct_octet_string(
                                    sdk_ossl_kdf_param_salt(), UnsafeMutableRawPointer(mutating: salt.baseAddress),
                                    salt.count),
                                OSSL_PARAM_construct_octet_string(
                                    sdk_ossl_kdf_param_info(), UnsafeMutableRawPointer(mutating: info.baseAddress),
                                    info.count),
                                OSSL_PARAM_construct_end(),
                            ]
                            return output.withUnsafeMutableBytes { buffer in
                                EVP_KDF_derive(
                                    context, buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), buffer.count,
                                    &params)
                            }
                        }
                    }
                }
                guard status == 1 else { throw .openSSLFailure("EVP_KDF_derive(HKDF-SHA256)") }
                return output
            }
        }
    }
#endif
