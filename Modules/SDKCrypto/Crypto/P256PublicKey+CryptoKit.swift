#if canImport(CryptoKit) && !canImport(COpenSSL)
    import CryptoKit
    import Foundation

    extension P256PublicKey {
        /// A P-256 public key in CryptoKit, held in both of its roles: CryptoKit types a key by use.
        struct Backend: Sendable {
            let signing: P256.Signing.PublicKey
            let agreement: P256.KeyAgreement.PublicKey

            /// Imports `point` (65 bytes, `0x04` first); CryptoKit refuses points that are not on
            /// the curve.
            init(validating point: Data) throws(CryptoError) {
                do {
                    signing = try P256.Signing.PublicKey(x963Representation: point)
                    agreement = try P256.KeyAgreement.PublicKey(x963Representation: point)
                } catch {
                    throw .invalidPoint
                }
            }

            func isValidSignature(_ signature: P256Signature, for message: some DataProtocol) -> Bool {
                guard let ecdsa = try? P256.Signing.ECDSASignature(rawRepresentation: signature.rawRepresentation)
                else { return false }
                return signing.isValidSignature(ecdsa, for: message)
            }
        }
    }
#endif
