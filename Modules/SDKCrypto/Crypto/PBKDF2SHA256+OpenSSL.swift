#if canImport(COpenSSL)
    import COpenSSL
    import Foundation

    extension PBKDF2SHA256 {
        /// PBKDF2-HMAC-SHA256 on OpenSSL's `PKCS5_PBKDF2_HMAC`.
        enum Backend {
            /// The output length and iteration count are already in range.
            static func deriveKey(
                password: some DataProtocol,
                salt: some DataProtocol,
                iterations: Int,
                outputByteCount: Int
            ) throws(CryptoError) -> Data {
                var output = Data(count: outputByteCount)
                let status = password.withContiguousBytes { password in
                    salt.withContiguousBytes { salt in
                        output.withUnsafeMutableBytes { buffer in
                            PKCS5_PBKDF2_HMAC(
                                password.baseAddress!.assumingMemoryBound(to: CChar.self), Int32(password.count),
                                salt.bytePointer, Int32(salt.count), Int32(iterations), OpenSSLAlgorithms.sha256,
                                Int32(buffer.count), buffer.baseAddress!.assumingMemoryBound(to: UInt8.self))
                        }
                    }
                }
                guard status == 1 else { throw .openSSLFailure("PKCS5_PBKDF2_HMAC(SHA256)") }
                return output
            }
        }
    }
#endif
