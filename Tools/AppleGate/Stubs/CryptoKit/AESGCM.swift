// AES in Galois/Counter Mode.
//
//   https://developer.apple.com/documentation/cryptokit/aes
//   https://developer.apple.com/documentation/cryptokit/aes/gcm
//   https://developer.apple.com/documentation/cryptokit/aes/gcm/seal(_:using:nonce:)
//   https://developer.apple.com/documentation/cryptokit/aes/gcm/seal(_:using:nonce:authenticating:)
//   https://developer.apple.com/documentation/cryptokit/aes/gcm/open(_:using:)
//   https://developer.apple.com/documentation/cryptokit/aes/gcm/open(_:using:authenticating:)
//   https://developer.apple.com/documentation/cryptokit/aes/gcm/nonce
//   https://developer.apple.com/documentation/cryptokit/aes/gcm/sealedbox
//   https://developer.apple.com/documentation/cryptokit/aes/gcm/sealedbox/init(nonce:ciphertext:tag:)
//   https://developer.apple.com/documentation/cryptokit/aes/gcm/sealedbox/init(combined:)

import Foundation

/// `enum AES`: a container for Advanced Encryption Standard (AES) ciphers.
public enum AES {
    /// `enum GCM`: the Advanced Encryption Standard (AES) Galois Counter Mode (GCM) cipher suite.
    public enum GCM {
        /// Secures the given plaintext message with encryption and an authentication tag.
        public static func seal<Plaintext: DataProtocol>(
            _ message: Plaintext, using key: SymmetricKey, nonce: AES.GCM.Nonce? = nil
        ) throws -> AES.GCM.SealedBox {
            unimplemented("AES.GCM.seal(_:using:nonce:)")
        }

        /// Secures the given plaintext message with encryption and an authentication tag that covers both
        /// the encrypted data and additional data.
        public static func seal<Plaintext: DataProtocol, AuthenticatedData: DataProtocol>(
            _ message: Plaintext, using key: SymmetricKey, nonce: AES.GCM.Nonce? = nil,
            authenticating authenticatedData: AuthenticatedData
        ) throws -> AES.GCM.SealedBox {
            unimplemented("AES.GCM.seal(_:using:nonce:authenticating:)")
        }

        /// Decrypts the message and verifies its authenticity.
        public static func open(_ sealedBox: AES.GCM.SealedBox, using key: SymmetricKey) throws -> Data {
            unimplemented("AES.GCM.open(_:using:)")
        }

        /// Decrypts the message and verifies the authenticity of both the encrypted message and additional data.
        public static func open<AuthenticatedData: DataProtocol>(
            _ sealedBox: AES.GCM.SealedBox, using key: SymmetricKey, authenticating authenticatedData: AuthenticatedData
        ) throws -> Data {
            unimplemented("AES.GCM.open(_:using:authenticating:)")
        }
    }
}

extension AES.GCM {
    /// `struct Nonce`: a value used once during a cryptographic operation and then discarded.
    public struct Nonce: ContiguousBytes, Sequence, Sendable {
        private let bytes: [UInt8]

        /// Creates a new random nonce (12 bytes).
        public init() {
            bytes = randomBytes(12)
        }

        /// Creates a nonce from the given data; throws `CryptoKitError.incorrectParameterSize` when the data
        /// is shorter than 12 bytes.
        public init<D: DataProtocol>(data: D) throws {
            guard data.count >= 12 else { throw CryptoKitError.incorrectParameterSize }
            bytes = [UInt8](data)
        }

        /// Calls the given closure with the contents of underlying storage.
        public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
            try bytes.withUnsafeBytes(body)
        }

        /// Returns an iterator over the elements of the nonce.
        public func makeIterator() -> Array<UInt8>.Iterator {
            bytes.makeIterator()
        }
    }

    /// `struct SealedBox`: a secure container for your data that you can access using a cipher.
    public struct SealedBox: Sendable {
        /// The nonce used to encrypt the data.
        public let nonce: AES.GCM.Nonce
        /// The encrypted data.
        public let ciphertext: Data
        /// An authentication tag.
        public let tag: Data

        /// The combined representation (nonce ‖ ciphertext ‖ tag), or `nil` when the nonce is not the
        /// default 12 bytes.
        public var combined: Data? {
            let nonceBytes = nonce.withUnsafeBytes { Data($0) }
            return nonceBytes.count == 12 ? nonceBytes + ciphertext + tag : nil
        }

        /// Creates a sealed box from the given tag, nonce, and ciphertext; throws
        /// `CryptoKitError.incorrectParameterSize` unless the tag is 16 bytes.
        public init<C: DataProtocol, T: DataProtocol>(nonce: AES.GCM.Nonce, ciphertext: C, tag: T) throws {
            guard tag.count == 16 else { throw CryptoKitError.incorrectParameterSize }
            self.nonce = nonce
            self.ciphertext = Data(ciphertext)
            self.tag = Data(tag)
        }

        /// Creates a sealed box from the combined bytes of an encrypted message (a 12-byte nonce, the
        /// ciphertext, and a 16-byte tag).
        public init<D: DataProtocol>(combined: D) throws {
            let bytes = Data(combined)
            guard bytes.count >= 28 else { throw CryptoKitError.incorrectParameterSize }
            nonce = try AES.GCM.Nonce(data: bytes.prefix(12))
            ciphertext = bytes.dropFirst(12).dropLast(16)
            tag = bytes.suffix(16)
        }
    }
}
