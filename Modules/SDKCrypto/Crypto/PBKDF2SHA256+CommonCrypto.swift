#if canImport(CommonCrypto) && !canImport(COpenSSL)
    import CommonCrypto
    import Foundation

    extension PBKDF2SHA256 {
        /// PBKDF2-HMAC-SHA256 on CommonCrypto's `CCKeyDerivationPBKDF` (CryptoKit has no PBKDF2).
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
                            CCKeyDerivationPBKDF(
                                CCPBKDFAlgorithm(kCCPBKDF2), password.baseAddress!.assumingMemoryBound(to: CChar.self),
                                password.count, salt.bytePointer, salt.count,
                                CCPseudoRandomAlgorithm(kCCPRFHmacAlgSHA256), UInt32(iterations),
                                buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), buffer.count)
                        }
                    }
                }
                guard status == Int32(kCCSuccess) else {
                    throw .library(operation: "CCKeyDerivationPBKDF", message: "CommonCrypto status \(status)")
                }
                return output
            }
        }
    }
#endif
