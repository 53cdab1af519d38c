// HMAC-based key derivation.
//
//   https://developer.apple.com/documentation/cryptokit/hkdf (iOS 14, macOS 11)
//   https://developer.apple.com/documentation/cryptokit/hkdf/derivekey(inputkeymaterial:salt:info:outputbytecount:)
//   https://developer.apple.com/documentation/cryptokit/hkdf/derivekey(inputkeymaterial:info:outputbytecount:)
//   https://developer.apple.com/documentation/cryptokit/hkdf/derivekey(inputkeymaterial:salt:outputbytecount:)
//   https://developer.apple.com/documentation/cryptokit/hkdf/derivekey(inputkeymaterial:outputbytecount:)

import Foundation

/// `struct HKDF<H> where H: HashFunction`: a standards-based implementation of an HMAC-based Key
/// Derivation Function (HKDF).
@available(iOS 14.0, macOS 11.0, *)
public struct HKDF<H: HashFunction>: Sendable {
    /// Derives a symmetric encryption key from a main key or passcode using HKDF key derivation with
    /// information and salt you specify.
    public static func deriveKey<Salt: DataProtocol, Info: DataProtocol>(
        inputKeyMaterial: SymmetricKey, salt: Salt, info: Info, outputByteCount: Int
    ) -> SymmetricKey {
        unimplemented("HKDF.deriveKey(inputKeyMaterial:salt:info:outputByteCount:)")
    }

    /// Derives a symmetric encryption key from a main key or passcode using HKDF key derivation with
    /// information you specify.
    public static func deriveKey<Info: DataProtocol>(
        inputKeyMaterial: SymmetricKey, info: Info, outputByteCount: Int
    ) -> SymmetricKey {
        unimplemented("HKDF.deriveKey(inputKeyMaterial:info:outputByteCount:)")
    }

    /// Derives a symmetric encryption key from a main key or passcode using HKDF key derivation with salt
    /// that you specify.
    public static func deriveKey<Salt: DataProtocol>(
        inputKeyMaterial: SymmetricKey, salt: Salt, outputByteCount: Int
    ) -> SymmetricKey {
        unimplemented("HKDF.deriveKey(inputKeyMaterial:salt:outputByteCount:)")
    }

    /// Derives a symmetric encryption key from a main key or passcode using HKDF key derivation.
    public static func deriveKey(inputKeyMaterial: SymmetricKey, outputByteCount: Int) -> SymmetricKey {
        unimplemented("HKDF.deriveKey(inputKeyMaterial:outputByteCount:)")
    }
}
