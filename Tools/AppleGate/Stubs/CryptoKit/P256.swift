// NIST P-256: ECDSA signatures and elliptic-curve Diffie-Hellman key agreement.
//
//   https://developer.apple.com/documentation/cryptokit/p256
//   https://developer.apple.com/documentation/cryptokit/p256/signing
//   https://developer.apple.com/documentation/cryptokit/p256/signing/privatekey
//   https://developer.apple.com/documentation/cryptokit/p256/signing/privatekey/init(rawrepresentation:)
//   https://developer.apple.com/documentation/cryptokit/p256/signing/publickey
//   https://developer.apple.com/documentation/cryptokit/p256/signing/ecdsasignature
//   https://developer.apple.com/documentation/cryptokit/p256/signing/ecdsasignature/rawrepresentation
//   https://developer.apple.com/documentation/cryptokit/p256/keyagreement
//   https://developer.apple.com/documentation/cryptokit/p256/keyagreement/privatekey/sharedsecretfromkeyagreement(with:)
//   https://developer.apple.com/documentation/cryptokit/sharedsecret
//
// Keys keep the bytes they were created from; anything that needs the curve (deriving a public key,
// checking a point, signing, verifying, agreeing) traps.

import Foundation

/// `enum P256`: an elliptic curve that enables NIST P-256 signatures and key agreement.
public enum P256: Sendable {
    /// `enum Signing`: a mechanism used to create or verify a cryptographic signature using the NIST P-256
    /// elliptic curve digital signature algorithm (ECDSA).
    public enum Signing: Sendable {
        /// `struct PrivateKey`: a P-256 private key used to create cryptographic signatures.
        public struct PrivateKey: Sendable {
            private let raw: Data

            /// Creates a random P-256 private key for signing.
            public init(compactRepresentable: Bool = true) {
                raw = Data(randomBytes(32))
            }

            /// Creates a P-256 private key for signing from a collection of bytes.
            public init<Bytes: ContiguousBytes>(rawRepresentation: Bytes) throws {
                raw = rawRepresentation.withUnsafeBytes { Data($0) }
            }

            /// Creates a P-256 private key for signing from an ANSI x9.63 representation.
            public init<Bytes: ContiguousBytes>(x963Representation: Bytes) throws {
                unimplemented("P256.Signing.PrivateKey(x963Representation:)")
            }

            /// The corresponding public key.
            public var publicKey: P256.Signing.PublicKey {
                unimplemented("P256.Signing.PrivateKey.publicKey")
            }

            /// A raw representation of the private key.
            public var rawRepresentation: Data { raw }

            /// An ANSI x9.63 representation of the private key.
            public var x963Representation: Data {
                unimplemented("P256.Signing.PrivateKey.x963Representation")
            }

            /// Generates an Elliptic Curve Digital Signature Algorithm (ECDSA) signature of the given data
            /// over the P-256 elliptic curve, using SHA-256 as the hash function.
            public func signature<D: DataProtocol>(for data: D) throws -> P256.Signing.ECDSASignature {
                unimplemented("P256.Signing.PrivateKey.signature(for:)")
            }
        }

        /// `struct PublicKey`: a P-256 public key used to verify cryptographic signatures.
        public struct PublicKey: Sendable {
            private let x963: Data

            /// Creates a P-256 public key for signing from a collection of bytes.
            public init<D: ContiguousBytes>(rawRepresentation: D) throws {
                x963 = Data([0x04]) + rawRepresentation.withUnsafeBytes { Data($0) }
            }

            /// Creates a P-256 public key for signing from an ANSI x9.63 representation.
            public init<Bytes: ContiguousBytes>(x963Representation: Bytes) throws {
                x963 = x963Representation.withUnsafeBytes { Data($0) }
            }

            /// A full representation of the public key (x ‖ y).
            public var rawRepresentation: Data { x963.dropFirst() }

            /// An ANSI x9.63 representation of the public key.
            public var x963Representation: Data { x963 }

            /// Verifies an elliptic curve digital signature algorithm (ECDSA) signature on a block of data
            /// over the P-256 elliptic curve.
            public func isValidSignature<D: DataProtocol>(
                _ signature: P256.Signing.ECDSASignature, for data: D
            ) -> Bool {
                unimplemented("P256.Signing.PublicKey.isValidSignature(_:for:)")
            }
        }

        /// `struct ECDSASignature`: a P-256 elliptic curve digital signature algorithm (ECDSA) signature.
        public struct ECDSASignature: ContiguousBytes, Sendable {
            /// A raw data representation of a P-256 digital signature.
            public var rawRepresentation: Data

            /// Creates a P-256 digital signature from a raw representation.
            public init<D: DataProtocol>(rawRepresentation: D) throws {
                self.rawRepresentation = Data(rawRepresentation)
            }

            /// Creates a P-256 digital signature from a Distinguished Encoding Rules (DER) encoded
            /// representation.
            public init<D: DataProtocol>(derRepresentation: D) throws {
                unimplemented("P256.Signing.ECDSASignature(derRepresentation:)")
            }

            /// A Distinguished Encoding Rules (DER) encoded representation of a P-256 digital signature.
            public var derRepresentation: Data {
                unimplemented("P256.Signing.ECDSASignature.derRepresentation")
            }

            /// Calls the given closure with the contents of underlying storage.
            public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
                try rawRepresentation.withUnsafeBytes(body)
            }
        }
    }

    /// `enum KeyAgreement`: a mechanism used to create a shared secret between two users by performing
    /// NIST P-256 elliptic curve Diffie Hellman (ECDH) key exchange.
    public enum KeyAgreement: Sendable {
        /// `struct PrivateKey`: a P-256 private key used for key agreement.
        public struct PrivateKey: Sendable {
            private let raw: Data

            /// Creates a random P-256 private key for key agreement.
            public init(compactRepresentable: Bool = true) {
                raw = Data(randomBytes(32))
            }

            /// Creates a P-256 private key for key agreement from a collection of bytes.
            public init<Bytes: ContiguousBytes>(rawRepresentation: Bytes) throws {
                raw = rawRepresentation.withUnsafeBytes { Data($0) }
            }

            /// Creates a P-256 private key for key agreement from an ANSI x9.63 representation.
            public init<Bytes: ContiguousBytes>(x963Representation: Bytes) throws {
                unimplemented("P256.KeyAgreement.PrivateKey(x963Representation:)")
            }

            /// The corresponding public key.
            public var publicKey: P256.KeyAgreement.PublicKey {
                unimplemented("P256.KeyAgreement.PrivateKey.publicKey")
            }

            /// A raw representation of the private key.
            public var rawRepresentation: Data { raw }

            /// An ANSI x9.63 representation of the private key.
            public var x963Representation: Data {
                unimplemented("P256.KeyAgreement.PrivateKey.x963Representation")
            }

            /// Computes a shared secret with the provided public key from another party.
            public func sharedSecretFromKeyAgreement(
                with publicKeyShare: P256.KeyAgreement.PublicKey
            ) throws -> SharedSecret {
                unimplemented("P256.KeyAgreement.PrivateKey.sharedSecretFromKeyAgreement(with:)")
            }
        }

        /// `struct PublicKey`: a P-256 public key used for key agreement.
        public struct PublicKey: Sendable {
            private let x963: Data

            /// Creates a P-256 public key for key agreement from a collection of bytes.
            public init<D: ContiguousBytes>(rawRepresentation: D) throws {
                x963 = Data([0x04]) + rawRepresentation.withUnsafeBytes { Data($0) }
            }

            /// Creates a P-256 public key for key agreement from an ANSI x9.63 representation.
            public init<Bytes: ContiguousBytes>(x963Representation: Bytes) throws {
                x963 = x963Representation.withUnsafeBytes { Data($0) }
            }

            /// A full representation of the public key (x ‖ y).
            public var rawRepresentation: Data { x963.dropFirst() }

            /// An ANSI x9.63 representation of the public key.
            public var x963Representation: Data { x963 }
        }
    }
}

/// `struct SharedSecret`: a key agreement result from which you can derive a symmetric cryptographic key.
public struct SharedSecret: ContiguousBytes, Sendable {
    private let bytes: [UInt8]

    /// Calls the given closure with the contents of underlying storage.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try bytes.withUnsafeBytes(body)
    }

    /// Derives a symmetric encryption key from the secret using HKDF key derivation.
    public func hkdfDerivedSymmetricKey<H: HashFunction, Salt: DataProtocol, SI: DataProtocol>(
        using hashFunction: H.Type, salt: Salt, sharedInfo: SI, outputByteCount: Int
    ) -> SymmetricKey {
        unimplemented("SharedSecret.hkdfDerivedSymmetricKey(using:salt:sharedInfo:outputByteCount:)")
    }

    /// Derives a symmetric encryption key from the secret using x9.63 key derivation.
    public func x963DerivedSymmetricKey<H: HashFunction, SI: DataProtocol>(
        using hashFunction: H.Type, sharedInfo: SI, outputByteCount: Int
    ) -> SymmetricKey {
        unimplemented("SharedSecret.x963DerivedSymmetricKey(using:sharedInfo:outputByteCount:)")
    }
}
