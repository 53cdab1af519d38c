#if canImport(CryptoKit) && !canImport(COpenSSL)
    import CryptoKit
    import Foundation

    extension HKDFSHA256 {
        /// HKDF-SHA256 on CryptoKit's `HKDF<SHA256>`, which cannot fail once the length is in range.
        enum Backend {
            /// `outputByteCount` is already in range.
            static func deriveKey(
                inputKeyMaterial: some DataProtocol,
                salt: some DataProtocol,
                info: some DataProtocol,
                outputByteCount: Int
            ) throws(CryptoError) -> Data {
                let key = HKDF<CryptoKit.SHA256>.deriveKey(
                    inputKeyMaterial: SymmetricKey(data: Data(inputKeyMaterial)), salt: salt, info: info,
                    outputByteCount: outputByteCount)
                return key.withUnsafeBytes { Data($0) }
            }
        }
    }
#endif
