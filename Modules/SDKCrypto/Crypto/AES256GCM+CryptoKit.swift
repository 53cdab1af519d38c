#if canImport(CryptoKit) && !canImport(COpenSSL)
    import CryptoKit
    import Foundation

    extension AES256GCM {
        /// AES-256-GCM on CryptoKit's `AES.GCM`, whose combined box is `nonce‖ciphertext‖tag`.
        enum Backend {
            /// Key, nonce and sizes are validated by the façade.
            static func seal(
                _ plaintext: some DataProtocol,
                key: some DataProtocol,
                nonce: some DataProtocol,
                authenticating aad: some DataProtocol
            ) throws(CryptoError) -> Data {
                do {
                    let box = try AES.GCM.seal(
                        plaintext, using: SymmetricKey(data: Data(key)), nonce: AES.GCM.Nonce(data: nonce),
                        authenticating: aad)
                    // Our sealed form leaves the nonce out: the caller sends it separately.
                    return box.ciphertext + box.tag
                } catch {
                    throw .cryptoKitFailure("AES.GCM.seal", error)
                }
            }

            /// `sealed` is at least a tag long; key, nonce and sizes are validated by the façade.
            static func open(
                _ sealed: some DataProtocol,
                key: some DataProtocol,
                nonce: some DataProtocol,
                authenticating aad: some DataProtocol
            ) throws(CryptoError) -> Data {
                let bytes = Data(sealed)
                let box: AES.GCM.SealedBox
                do {
                    box = try AES.GCM.SealedBox(
                        nonce: AES.GCM.Nonce(data: nonce), ciphertext: bytes.dropLast(tagByteCount),
                        tag: bytes.suffix(tagByteCount))
                } catch {
                    throw .cryptoKitFailure("AES.GCM.SealedBox", error)
                }
                do {
                    return try AES.GCM.open(box, using: SymmetricKey(data: Data(key)), authenticating: aad)
                } catch {
                    // Any failure to open is a tag mismatch: the inputs were validated above.
                    throw .authenticationFailure
                }
            }
        }
    }
#endif
