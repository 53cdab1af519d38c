// Access control for keychain items.
//
//   https://developer.apple.com/documentation/security/secaccesscontrol
//   https://developer.apple.com/documentation/security/secaccesscontrolcreatewithflags(_:_:_:_:)
//   https://developer.apple.com/documentation/security/secaccesscontrolcreateflags
//   https://developer.apple.com/documentation/security/secaccesscontrolcreateflags/init(rawvalue:)
//   https://developer.apple.com/documentation/security/secaccesscontrolcreateflags/userpresence
//   https://developer.apple.com/documentation/security/secaccesscontrolcreateflags/biometrycurrentset
//   https://developer.apple.com/documentation/security/secaccesscontrolcreateflags/companion (iOS 18, macOS 15)
//
// The flag values are `<Security/SecAccessControl.h>`'s `kSecAccessControl…` constants.

import Foundation

/// `class SecAccessControl`: an opaque type that contains information about how a keychain item may
/// be used. Only `SecAccessControlCreateWithFlags(_:_:_:_:)` makes one.
public final class SecAccessControl {
    /// The `kSecAttrAccessible…` value it was created with.
    let protection: String
    /// The constraints it was created with.
    let flags: SecAccessControlCreateFlags

    init(protection: String, flags: SecAccessControlCreateFlags) {
        self.protection = protection
        self.flags = flags
    }

    /// Whether reading the item's data needs the user (biometry, passcode, companion, app password).
    var requiresAuthentication: Bool {
        !flags.intersection([
            .userPresence, .biometryAny, .biometryCurrentSet, .devicePasscode, .applicationPassword,
        ]).isEmpty || flags.rawValue & (1 << 5) != 0
    }
}

/// `struct SecAccessControlCreateFlags: OptionSet`, imported from `CF_OPTIONS(CFOptionFlags, …)`.
public struct SecAccessControlCreateFlags: OptionSet, Sendable {
    public let rawValue: CFOptionFlags

    /// Initialize an access control creation flags object.
    public init(rawValue: CFOptionFlags) {
        self.rawValue = rawValue
    }

    /// Constraint to access an item with either biometry or passcode.
    public static var userPresence: SecAccessControlCreateFlags { SecAccessControlCreateFlags(rawValue: 1 << 0) }
    /// Constraint to access an item with Touch ID for any enrolled fingers, or Face ID.
    public static var biometryAny: SecAccessControlCreateFlags { SecAccessControlCreateFlags(rawValue: 1 << 1) }
    /// Constraint to access an item with Touch ID for currently enrolled fingers, or from Face ID with the
    /// currently enrolled user.
    public static var biometryCurrentSet: SecAccessControlCreateFlags {
        SecAccessControlCreateFlags(rawValue: 1 << 3)
    }
    /// Constraint to access an item with a passcode.
    public static var devicePasscode: SecAccessControlCreateFlags { SecAccessControlCreateFlags(rawValue: 1 << 4) }
    /// Constraint to access an item with a paired companion device.
    @available(iOS 18.0, macOS 15.0, *)
    public static var companion: SecAccessControlCreateFlags { SecAccessControlCreateFlags(rawValue: 1 << 5) }
    /// Indicates that at least one constraint must be satisfied.
    public static var or: SecAccessControlCreateFlags { SecAccessControlCreateFlags(rawValue: 1 << 14) }
    /// Indicates that all constraints must be satisfied.
    public static var and: SecAccessControlCreateFlags { SecAccessControlCreateFlags(rawValue: 1 << 15) }
    /// Enable a private key to be used in signing a block of data or verifying a signed block.
    public static var privateKeyUsage: SecAccessControlCreateFlags { SecAccessControlCreateFlags(rawValue: 1 << 30) }
    /// An option to use an application-provided password for data encryption key generation.
    public static var applicationPassword: SecAccessControlCreateFlags {
        SecAccessControlCreateFlags(rawValue: 1 << 31)
    }
}

/// `func SecAccessControlCreateWithFlags(_ allocator: CFAllocator?, _ protection: CFTypeRef,
/// _ flags: SecAccessControlCreateFlags, _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?) -> SecAccessControl?`
///
/// Creates a new access control object with the specified protection type and flags. `protection` must
/// be one of the `kSecAttrAccessible…` values; anything else fails with an `NSOSStatusErrorDomain` error
/// of code `errSecParam`, returned retained through `error` (Core Foundation's Create rule), as Apple does.
@discardableResult
public func SecAccessControlCreateWithFlags(
    _ allocator: CFAllocator?, _ protection: CFTypeRef, _ flags: SecAccessControlCreateFlags,
    _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?
) -> SecAccessControl? {
    guard let protection = protection as? String, Keychain.accessibilityValues.contains(protection),
        !(flags.contains(.or) && flags.contains(.and))
    else {
        error?.pointee = Unmanaged.passRetained(NSError(domain: "NSOSStatusErrorDomain", code: Int(errSecParam)))
        return nil
    }
    return SecAccessControl(protection: protection, flags: flags)
}
