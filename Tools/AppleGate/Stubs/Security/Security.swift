// The Security stub: Keychain items, access control, randomness and result codes, as the SDKs use them.
//
// Documentation this module follows (each file cites the pages of its own declarations):
//   https://developer.apple.com/documentation/security
//   https://developer.apple.com/documentation/security/keychain-services
//   https://developer.apple.com/documentation/corefoundation (the CF types re-exported below)
//
// Core Foundation. On Apple platforms `import Security` re-exports CoreFoundation, and its types are
// toll-free bridged: `CFString` ↔ `NSString` ↔ `String`, `CFDictionary` ↔ `NSDictionary` ↔ `Dictionary`,
// `CFData` ↔ `NSData` ↔ `Data`, `CFArray` ↔ `NSArray` ↔ `Array`, `CFError` ↔ `NSError` ↔ `Error`, and
// `CFTypeRef` is `AnyObject`. Keychain code relies on that bridging on every line: `[CFString: Any]`,
// `query as CFDictionary`, `kSecAttrService as String`, `item as? Data`, `Unmanaged<CFError>`.
// Linux has a `CoreFoundation` module too, but it imports those types as unrelated foreign classes,
// without the bridging (`dict as CFDictionary` and `"x" as CFString` do not compile, `CFString` is not
// `Hashable`), so re-exporting it would reject correct Apple code. Instead this module declares each CF
// name as an alias of the Foundation class it is toll-free bridged to. swift-corelibs-foundation bridges
// those classes with `as`, so Apple-style code compiles unchanged and means the same thing:
// `kSecClass as String` is a bridging conversion, `query as CFDictionary` builds an `NSDictionary`,
// `result as? Data` unwraps an `NSData`. What this cannot model: on Apple `CFString` and `NSString` are
// distinct types (an explicit `as` converts between them); here they are one type, so a missing
// `as CFString` between the two is not caught. Gated code must not also `import CoreFoundation`: that
// module's classes of the same names would make these ambiguous (no SDK file does).
//
// `OSStatus` comes from MacTypes on Apple platforms, which Security re-exports through CoreFoundation;
// it is declared here for the same reason.
//
// Functions imported from C never warn about an unused result, so every C function in this stub is
// `@discardableResult` (Apple code such as `SecItemDelete(query as CFDictionary)` compiles warning-free).
//
// Availability: everything declared here is available at or below the SDKs' floor (iOS 17, macOS 14)
// unless it carries an `@available` attribute, which then copies Apple's.

import Foundation

/// `typealias CFTypeRef = AnyObject`: https://developer.apple.com/documentation/corefoundation/cftyperef
public typealias CFTypeRef = AnyObject

/// `class CFString`, toll-free bridged with `NSString`: https://developer.apple.com/documentation/corefoundation/cfstring
public typealias CFString = NSString

/// `class CFDictionary`, toll-free bridged with `NSDictionary`:
/// https://developer.apple.com/documentation/corefoundation/cfdictionary
public typealias CFDictionary = NSDictionary

/// `class CFArray`, toll-free bridged with `NSArray`: https://developer.apple.com/documentation/corefoundation/cfarray
public typealias CFArray = NSArray

/// `class CFData`, toll-free bridged with `NSData`: https://developer.apple.com/documentation/corefoundation/cfdata
public typealias CFData = NSData

/// `class CFError`, toll-free bridged with `NSError` (and so an `Error`):
/// https://developer.apple.com/documentation/corefoundation/cferror
public typealias CFError = NSError

/// `typealias CFOptionFlags = UInt`: https://developer.apple.com/documentation/corefoundation/cfoptionflags
public typealias CFOptionFlags = UInt

/// `class CFAllocator`: https://developer.apple.com/documentation/corefoundation/cfallocator
///
/// Opaque here; the SDKs pass `nil` (the default allocator) wherever an allocator is asked for.
public final class CFAllocator {
    private init() {}
}

/// `typealias OSStatus = Int32` (MacTypes): https://developer.apple.com/documentation/kernel/osstatus
public typealias OSStatus = Int32
