// Security framework result codes, and the function that describes them.
//
//   https://developer.apple.com/documentation/security/security-framework-result-codes
//   https://developer.apple.com/documentation/security/errsecsuccess (and the page of each code below,
//     e.g. https://developer.apple.com/documentation/security/errsecitemnotfound)
//   https://developer.apple.com/documentation/security/seccopyerrormessagestring(_:_:)
//
// Apple imports each code from `<Security/SecBase.h>`'s `CF_ENUM(OSStatus)` as `var errSec…: OSStatus { get }`;
// the values are that header's.

import Foundation

/// No error.
public var errSecSuccess: OSStatus { 0 }
/// Function or operation not implemented.
public var errSecUnimplemented: OSStatus { -4 }
/// One or more parameters passed to a function were not valid.
public var errSecParam: OSStatus { -50 }
/// Failed to allocate memory.
public var errSecAllocate: OSStatus { -108 }
/// User canceled the operation.
public var errSecUserCanceled: OSStatus { -128 }
/// An internal component failed.
public var errSecInternalComponent: OSStatus { -2070 }
/// No keychain is available.
public var errSecNotAvailable: OSStatus { -25291 }
/// The user name or passphrase you entered is not correct.
public var errSecAuthFailed: OSStatus { -25293 }
/// The specified item already exists in the keychain.
public var errSecDuplicateItem: OSStatus { -25299 }
/// The specified item could not be found in the keychain.
public var errSecItemNotFound: OSStatus { -25300 }
/// User interaction is not allowed.
public var errSecInteractionNotAllowed: OSStatus { -25308 }
/// Unable to decode the provided data.
public var errSecDecode: OSStatus { -26275 }
/// A required entitlement isn't present.
public var errSecMissingEntitlement: OSStatus { -34018 }

/// `func SecCopyErrorMessageString(_ status: OSStatus, _ reserved: UnsafeMutableRawPointer?) -> CFString?`
///
/// Returns a string explaining the meaning of a security result code (SecBase.h's text for the codes
/// above; `OSStatus <n>` for any other).
@discardableResult
public func SecCopyErrorMessageString(_ status: OSStatus, _ reserved: UnsafeMutableRawPointer?) -> CFString? {
    let message: String =
        switch status {
        case errSecSuccess: "No error."
        case errSecUnimplemented: "Function or operation not implemented."
        case errSecParam: "One or more parameters passed to a function were not valid."
        case errSecAllocate: "Failed to allocate memory."
        case errSecUserCanceled: "User canceled the operation."
        case errSecInternalComponent: "An internal component failed."
        case errSecNotAvailable: "No keychain is available. You may need to restart your computer."
        case errSecAuthFailed: "The user name or passphrase you entered is not correct."
        case errSecDuplicateItem: "The specified item already exists in the keychain."
        case errSecItemNotFound: "The specified item could not be found in the keychain."
        case errSecInteractionNotAllowed: "User interaction is not allowed."
        case errSecDecode: "Unable to decode the provided data."
        case errSecMissingEntitlement: "A required entitlement isn't present."
        default: "OSStatus \(status)"
        }
    return message as CFString
}
