import Foundation

#if canImport(CryptoKit) && !canImport(COpenSSL)
    import CryptoKit
#endif

/// A P-256 signing key inside the Secure Enclave: it signs ES256 like ``P256PrivateKey``, but its private
/// scalar never leaves the enclave. ``dataRepresentation`` is an opaque blob that only the enclave of the
/// device that made it can open, so a copy restored onto another device is useless by design.
///
/// Only devices with a Secure Enclave have one (``isAvailable``): an iPhone, an iPad, a Mac with Apple
/// silicon or a T2 chip. Not the Simulator, and not Linux, where every initializer throws.
package struct EnclaveP256SigningKey: Sendable {
    #if canImport(CryptoKit) && !canImport(COpenSSL)
        private let key: SecureEnclave.P256.Signing.PrivateKey
    #endif
    /// The matching public key.
    package let publicKey: P256PublicKey

    /// Whether this device has a Secure Enclave that makes keys.
    package static var isAvailable: Bool {
        #if canImport(CryptoKit) && !canImport(COpenSSL)
            SecureEnclave.isAvailable
        #else
            false
        #endif
    }

    /// A fresh key made in the enclave, usable after the first unlock, on this device only (CryptoKit's default
    /// access control, `kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly`, no user presence: DPoP proofs are
    /// signed in the background).
    ///
    /// - Throws: ``CryptoError/invalidKey(reason:)`` where there is no enclave, or it refused.
    package init() throws(CryptoError) {
        #if canImport(CryptoKit) && !canImport(COpenSSL)
            guard SecureEnclave.isAvailable else { throw .invalidKey(reason: "this device has no Secure Enclave") }
            do {
                try self.init(key: SecureEnclave.P256.Signing.PrivateKey())
            } catch let error as CryptoError {
                throw error
            } catch {
                throw .cryptoKitFailure("SecureEnclave.P256.Signing.PrivateKey()", error)
            }
        #else
            throw .invalidKey(reason: "this device has no Secure Enclave")
        #endif
    }

    /// The key a ``dataRepresentation`` names, opened by this device's enclave.
    ///
    /// - Throws: ``CryptoError/invalidKey(reason:)`` when this device cannot open it: it was made on another
    ///   device (a backup restored to a new phone), the enclave was reset, or there is no enclave.
    package init(dataRepresentation: Data) throws(CryptoError) {
        #if canImport(CryptoKit) && !canImport(COpenSSL)
            let key: SecureEnclave.P256.Signing.PrivateKey
            do {
                key = try SecureEnclave.P256.Signing.PrivateKey(dataRepresentation: dataRepresentation)
            } catch {
                throw .invalidKey(reason: "this device's Secure Enclave cannot open the key")
            }
            try self.init(key: key)
        #else
            throw .invalidKey(reason: "this device has no Secure Enclave to open the key")
        #endif
    }

    #if canImport(CryptoKit) && !canImport(COpenSSL)
        private init(key: SecureEnclave.P256.Signing.PrivateKey) throws(CryptoError) {
            self.key = key
            publicKey = try P256PublicKey(x963Representation: key.publicKey.x963Representation)
        }
    #endif

    /// The blob to persist: the key wrapped by this device's enclave, useless anywhere else.
    package var dataRepresentation: Data {
        #if canImport(CryptoKit) && !canImport(COpenSSL)
            key.dataRepresentation
        #else
            Data()  // unreachable: no value of this type exists without an enclave
        #endif
    }

    /// An ECDSA signature over SHA-256(`message`) in the 64-byte `r‖s` form JWS ES256 uses, made in the
    /// enclave.
    package func signature(for message: some DataProtocol) throws(CryptoError) -> Data {
        #if canImport(CryptoKit) && !canImport(COpenSSL)
            do {
                return try key.signature(for: message).rawRepresentation
            } catch {
                throw .cryptoKitFailure("SecureEnclave.P256.Signing.PrivateKey.signature(for:)", error)
            }
        #else
            throw .invalidKey(reason: "this device has no Secure Enclave")
        #endif
    }
}
