#if canImport(CryptoKit) && !canImport(COpenSSL)
    import CryptoKit
    import Foundation

    extension HMACSHA256 {
        /// HMAC-SHA256 on CryptoKit's `HMAC<SHA256>`.
        enum Backend {
            static func authenticationCode(for message: some DataProtocol, key: some DataProtocol) -> Data {
                Data(code(for: message, key: key))
            }

            /// `mac` is `byteCount` long. CryptoKit compares an authentication code with bytes in
            /// constant time (its `==` against `DataProtocol`).
            static func isValid(
                _ mac: some DataProtocol, for message: some DataProtocol, key: some DataProtocol
            ) -> Bool {
                code(for: message, key: key) == Data(mac)
            }

            private static func code(
                for message: some DataProtocol,
                key: some DataProtocol
            ) -> HashedAuthenticationCode<CryptoKit.SHA256> {
                HMAC<CryptoKit.SHA256>.authenticationCode(for: message, using: SymmetricKey(data: Data(key)))
            }
        }
    }
#endif
