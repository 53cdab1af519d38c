// The Secure Enclave's P-256 signing keys.
//
//   https://developer.apple.com/documentation/cryptokit/secureenclave
//   https://developer.apple.com/documentation/cryptokit/secureenclave/isavailable
//   https://developer.apple.com/documentation/cryptokit/secureenclave/p256/signing/privatekey
//   https://developer.apple.com/documentation/cryptokit/secureenclave/p256/signing/privatekey/init(compactrepresentable:accesscontrol:authenticationcontext:)
//   https://developer.apple.com/documentation/cryptokit/secureenclave/p256/signing/privatekey/init(datarepresentation:authenticationcontext:)
//
// No enclave here: `isAvailable` is false, and the keys trap.

import Foundation
import LocalAuthentication
import Security

/// `enum SecureEnclave`: a representation of a device's hardware-based key manager.
public enum SecureEnclave {
    /// A Boolean value that's true if the device supports Secure Enclave access.
    public static var isAvailable: Bool { false }

    /// `enum P256`: an elliptic curve that enables NIST P-256 signatures and key agreement within the Secure
    /// Enclave.
    public enum P256 {
        /// `enum Signing`: a mechanism used to create or verify a cryptographic signature using the NIST P-256
        /// elliptic curve digital signature algorithm (ECDSA) within the Secure Enclave.
        public enum Signing {
            /// `struct PrivateKey`: a P-256 private key used for signing.
            public struct PrivateKey: Sendable {
                /// Creates a P-256 private key for signing with the specified access control.
                public init(
                    compactRepresentable: Bool = true,
                    accessControl: SecAccessControl = SecAccessControlCreateWithFlags(
                        nil, kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly, [], nil)!,
                    authenticationContext: LAContext? = nil
                ) throws {
                    unimplemented("SecureEnclave.P256.Signing.PrivateKey()")
                }

                /// Creates a P-256 private key for signing from a data representation of the key with the given
                /// authentication context.
                public init(dataRepresentation: Data, authenticationContext: LAContext? = nil) throws {
                    unimplemented("SecureEnclave.P256.Signing.PrivateKey(dataRepresentation:)")
                }

                /// The corresponding public key.
                public var publicKey: CryptoKit.P256.Signing.PublicKey {
                    unimplemented("SecureEnclave.P256.Signing.PrivateKey.publicKey")
                }

                /// A data representation of the private key.
                public var dataRepresentation: Data {
                    unimplemented("SecureEnclave.P256.Signing.PrivateKey.dataRepresentation")
                }

                /// Generates an elliptic curve digital signature algorithm (ECDSA) signature of the given data
                /// over the P-256 elliptic curve, using SHA-256 as the hash function.
                public func signature<D: DataProtocol>(for data: D) throws -> CryptoKit.P256.Signing.ECDSASignature {
                    unimplemented("SecureEnclave.P256.Signing.PrivateKey.signature(for:)")
                }
            }
        }
    }
}
