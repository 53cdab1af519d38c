#if canImport(COpenSSL)
    import COpenSSL
    import Foundation

    extension HMACSHA256 {
        /// HMAC-SHA256 on OpenSSL's `EVP_MAC`.
        enum Backend {
            static func authenticationCode(for message: some DataProtocol, key: some DataProtocol) -> Data {
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

            /// `mac` is `byteCount` long; `CRYPTO_memcmp` compares in constant time.
            static func isValid(
                _ mac: some DataProtocol, for message: some DataProtocol, key: some DataProtocol
            ) -> Bool {
                let expected = authenticationCode(for: message, key: key)
                return mac.withContiguousBytes { given in
                    expected.withContiguousBytes { wanted in
                        CRYPTO_memcmp(given.baseAddress, wanted.baseAddress, wanted.count) == 0
                    }
                }
            }
        }
    }
#endif
