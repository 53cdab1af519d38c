#if canImport(CryptoKit) && !canImport(COpenSSL)
    extension CryptoError {
        /// Wraps a CryptoKit error the validated inputs do not explain.
        ///
        /// The case keeps its OpenSSL name so the error type is identical on every platform;
        /// CryptoKit's error descriptions name the failure kind, never key material.
        static func cryptoKitFailure(_ operation: String, _ error: any Error) -> CryptoError {
            .library(operation: operation, message: "CryptoKit: \(error)")
        }
    }
#endif
