#if canImport(CryptoKit) && !canImport(COpenSSL)
    import CryptoKit
    import Foundation

    extension P256PrivateKey {
        /// A P-256 key pair in CryptoKit, held in both of its roles: CryptoKit types a key by use,
        /// and converting per call would recompute the public point every time.
        struct Backend: Sendable {
            let signing: P256.Signing.PrivateKey
            let agreement: P256.KeyAgreement.PrivateKey
            let publicKey: P256PublicKey

            /// A fresh key pair from CryptoKit's CSPRNG.
            init() {
                // CryptoKit's own keys always convert; failing here means a broken system, as with
                // SecureRandom.
                guard let generated = try? Backend(signing: P256.Signing.PrivateKey()) else {
                    fatalError("CryptoKit P-256 key generation produced an unusable key")
                }
                self = generated
            }

            /// Imports a 32-byte scalar the façade has checked to be in `1..<n`.
            init(scalar: some DataProtocol) throws(CryptoError) {
                let signing: P256.Signing.PrivateKey
                do {
                    signing = try P256.Signing.PrivateKey(rawRepresentation: Data(scalar))
                } catch {
                    throw .invalidKey(reason: "P-256 private scalar is not in 1..<n")
                }
                try self.init(signing: signing)
            }

            private init(signing: P256.Signing.PrivateKey) throws(CryptoError) {
                do {
                    agreement = try P256.KeyAgreement.PrivateKey(rawRepresentation: signing.rawRepresentation)
                } catch {
                    throw .cryptoKitFailure("P256.KeyAgreement.PrivateKey(rawRepresentation:)", error)
                }
                self.signing = signing
                publicKey = try P256PublicKey(x963Representation: signing.publicKey.x963Representation)
            }

            var rawRepresentation: Data {
                signing.rawRepresentation
            }

            /// ECDSA with SHA-256; CryptoKit's signatures are randomized.
            func signature(for message: some DataProtocol) throws(CryptoError) -> Data {
                do {
                    return try signing.signature(for: message).rawRepresentation
                } catch {
                    throw .cryptoKitFailure("P256.Signing.PrivateKey.signature(for:)", error)
                }
            }

            func sharedSecret(with peer: P256PublicKey.Backend) throws(CryptoError) -> Data {
                do {
                    let secret = try agreement.sharedSecretFromKeyAgreement(with: peer.agreement)
                    return secret.withUnsafeBytes { Data($0) }
                } catch {
                    throw .cryptoKitFailure("P256.KeyAgreement.PrivateKey.sharedSecretFromKeyAgreement(with:)", error)
                }
            }
        }
    }
#endif
