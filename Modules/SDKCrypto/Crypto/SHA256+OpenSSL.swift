#if canImport(COpenSSL)
    import COpenSSL
    import Foundation

    extension SHA256 {
        /// SHA-256 on OpenSSL: one `EVP_MD_CTX` per hasher, owned exclusively by this value.
        ///
        /// `@unchecked Sendable`: the value is noncopyable, so no two values ever share the context,
        /// and moving it to another thread moves the only reference.
        struct Backend: ~Copyable, @unchecked Sendable {
            private let context: OpaquePointer

            static func hash(_ data: some DataProtocol) -> Data {
                var digest = Data(count: SHA256.byteCount)
                data.withContiguousBytes { input in
                    digest.withUnsafeMutableBytes { output in
                        var length: UInt32 = 0
                        let status = EVP_Digest(
                            input.baseAddress, input.count,
                            output.baseAddress!.assumingMemoryBound(to: UInt8.self), &length,
                            OpenSSLAlgorithms.sha256, nil)
                        guard status == 1, length == SHA256.byteCount else { openSSLFatal("EVP_Digest(SHA256)") }
                    }
                }
                return digest
            }

            init() {
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

            mutating func update(_ data: some DataProtocol) {
                for region in data.regions {
                    region.withUnsafeBytes { bytes in
                        guard bytes.count > 0 else { return }
                        guard EVP_DigestUpdate(context, bytes.baseAddress, bytes.count) == 1 else {
                            openSSLFatal("EVP_DigestUpdate(SHA256)")
                        }
                    }
                }
            }

            func copy() -> Backend {
                guard let duplicate = EVP_MD_CTX_new() else { openSSLFatal("EVP_MD_CTX_new") }
                guard EVP_MD_CTX_copy_ex(duplicate, context) == 1 else {
                    EVP_MD_CTX_free(duplicate)
                    openSSLFatal("EVP_MD_CTX_copy_ex")
                }
                return Backend(context: duplicate)
            }

            consuming func finalize() -> Data {
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
#endif
