#if canImport(CryptoKit) && !canImport(COpenSSL)
    import CryptoKit
    import Foundation

    extension SHA256 {
        /// SHA-256 on CryptoKit. CryptoKit's hash function is a value type, so `copy()` is a plain copy.
        struct Backend: ~Copyable, Sendable {
            // Spelled with the module name: inside SDKCrypto, `SHA256` is this module's façade.
            private var state: CryptoKit.SHA256

            static func hash(_ data: some DataProtocol) -> Data {
                Data(CryptoKit.SHA256.hash(data: data))
            }

            init() {
                state = CryptoKit.SHA256()
            }

            private init(state: CryptoKit.SHA256) {
                self.state = state
            }

            mutating func update(_ data: some DataProtocol) {
                state.update(data: data)
            }

            func copy() -> Backend {
                Backend(state: state)
            }

            consuming func finalize() -> Data {
                Data(state.finalize())
            }
        }
    }
#endif
