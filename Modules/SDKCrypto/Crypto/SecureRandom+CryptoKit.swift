#if canImport(CryptoKit) && !canImport(COpenSSL)
    import Security

    extension SecureRandom {
        /// The system CSPRNG through `SecRandomCopyBytes`, the documented source for keys on Apple
        /// platforms.
        enum Backend {
            /// `buffer` is non-empty.
            static func fill(_ buffer: UnsafeMutableRawBufferPointer) {
                let status = SecRandomCopyBytes(kSecRandomDefault, buffer.count, buffer.baseAddress!)
                guard status == errSecSuccess else {
                    fatalError("SecureRandom: SecRandomCopyBytes failed (OSStatus \(status)); refusing to continue")
                }
            }
        }
    }
#endif
