#if canImport(COpenSSL)
    import COpenSSL
    import Foundation

    extension AES256GCM {
        /// AES-256-GCM on OpenSSL's `EVP_CIPHER`, one context per call.
        enum Backend {
            /// Key, nonce and sizes are validated by the façade.
            static func seal(
                _ plaintext: some DataProtocol,
                key: some DataProtocol,
                nonce: some DataProtocol,
                authenticating aad: some DataProtocol
            ) throws(CryptoError) -> Data {
                let context = try makeContext()
                defer { EVP_CIPHER_CTX_free(context) }
                let initialized = key.withContiguousBytes { key in
                    nonce.withContiguousBytes { nonce in
                        EVP_EncryptInit_ex2(
                            context, OpenSSLAlgorithms.aes256GCM, key.bytePointer, nonce.bytePointer, nil)
                    }
                }
                guard initialized == 1 else { throw .openSSLFailure("EVP_EncryptInit_ex2(AES-256-GCM)") }
                try feedAAD(aad, into: context, update: EVP_EncryptUpdate)

                // Never empty (the tag alone is 16 bytes), so the base address is valid.
                let output = UnsafeMutableRawBufferPointer.allocate(
                    byteCount: plaintext.count + tagByteCount, alignment: 1)
                defer { output.deallocate() }
                let out = output.baseAddress!.assumingMemoryBound(to: UInt8.self)
                let written = try update(context, output: out, input: plaintext, with: EVP_EncryptUpdate)
                var finalLength: Int32 = 0
                guard EVP_EncryptFinal_ex(context, out + written, &finalLength) == 1 else {
                    throw .openSSLFailure("EVP_EncryptFinal_ex")
                }
                // GCM is a stream mode: every ciphertext byte comes out of the update call.
                guard written + Int(finalLength) == plaintext.count else {
                    throw .library(operation: "AES-256-GCM seal", message: "unexpected ciphertext length")
                }
                var params = [
                    OSSL_PARAM_construct_octet_string(
                        sdk_ossl_cipher_param_aead_tag(), output.baseAddress! + plaintext.count, tagByteCount),
                    OSSL_PARAM_construct_end(),
                ]
                guard EVP_CIPHER_CTX_get_params(context, &params) == 1 else {
                    throw .openSSLFailure("EVP_CIPHER_CTX_get_params(tag)")
                }
                return Data(buffer: UnsafeBufferPointer(start: out, count: output.count))
            }

            /// `sealed` is at least a tag long; key, nonce and sizes are validated by the façade.
            static func open(
                _ sealed: some DataProtocol,
                key: some DataProtocol,
                nonce: some DataProtocol,
                authenticating aad: some DataProtocol
            ) throws(CryptoError) -> Data {
                let context = try makeContext()
                defer { EVP_CIPHER_CTX_free(context) }
                let initialized = key.withContiguousBytes { key in
                    nonce.withContiguousBytes { nonce in
                        EVP_DecryptInit_ex2(
                            context, OpenSSLAlgorithms.aes256GCM, key.bytePointer, nonce.bytePointer, nil)
                    }
                }
                guard initialized == 1 else { throw .openSSLFailure("EVP_DecryptInit_ex2(AES-256-GCM)") }
                try feedAAD(aad, into: context, update: EVP_DecryptUpdate)

                let sealedBytes = [UInt8](sealed)
                let ciphertext = sealedBytes[..<(sealedBytes.count - tagByteCount)]
                var tag = Array(sealedBytes.suffix(tagByteCount))
                // One spare byte keeps the address valid for an empty plaintext.
                let output = UnsafeMutableRawBufferPointer.allocate(byteCount: ciphertext.count + 1, alignment: 1)
                defer {
                    // Unauthenticated plaintext must not linger in freed memory.
                    OPENSSL_cleanse(output.baseAddress, output.count)
                    output.deallocate()
                }
                let out = output.baseAddress!.assumingMemoryBound(to: UInt8.self)
                let written = try update(context, output: out, input: ciphertext, with: EVP_DecryptUpdate)
                let tagSet = tag.withUnsafeMutableBytes { tagBytes in
                    var params = [
                        OSSL_PARAM_construct_octet_string(
                            sdk_ossl_cipher_param_aead_tag(), tagBytes.baseAddress, tagBytes.count),
                        OSSL_PARAM_construct_end(),
                    ]
                    return EVP_CIPHER_CTX_set_params(context, &params)
                }
                guard tagSet == 1 else { throw .openSSLFailure("EVP_CIPHER_CTX_set_params(tag)") }
                var finalLength: Int32 = 0
                guard EVP_DecryptFinal_ex(context, out + written, &finalLength) == 1 else {
                    OpenSSLErrorQueue.clear()
                    throw .authenticationFailure
                }
                return Data(buffer: UnsafeBufferPointer(start: out, count: written + Int(finalLength)))
            }

            private static func makeContext() throws(CryptoError) -> OpaquePointer {
                guard let context = EVP_CIPHER_CTX_new() else { throw .openSSLFailure("EVP_CIPHER_CTX_new") }
                return context
            }

            private typealias UpdateFunction = (
                OpaquePointer?, UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<Int32>?, UnsafePointer<UInt8>?, Int32
            ) -> Int32

            /// Authenticates `aad` without encrypting it: an update call with no output buffer.
            private static func feedAAD(
                _ aad: some DataProtocol,
                into context: OpaquePointer,
                update: UpdateFunction
            ) throws(CryptoError) {
                guard !aad.isEmpty else { return }
                _ = try self.update(context, output: nil, input: aad, with: update)
            }

            /// Runs one update call over `input` and returns how many bytes it wrote to `output`.
            private static func update(
                _ context: OpaquePointer,
                output: UnsafeMutablePointer<UInt8>?,
                input: some DataProtocol,
                with update: UpdateFunction
            ) throws(CryptoError) -> Int {
                guard !input.isEmpty else { return 0 }
                guard let length = Int32(exactly: input.count) else {
                    throw .inputTooLarge(byteCount: input.count)
                }
                var written: Int32 = 0
                let status = input.withContiguousBytes { bytes in
                    update(context, output, &written, bytes.bytePointer, length)
                }
                guard status == 1 else { throw .openSSLFailure("AES-256-GCM update") }
                return Int(written)
            }
        }
    }
#endif
