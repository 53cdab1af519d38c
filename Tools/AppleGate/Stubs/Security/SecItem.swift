// Keychain items: the `SecItem…` functions and the dictionary keys and values the SDKs use.
//
//   https://developer.apple.com/documentation/security/secitemadd(_:_:)
//   https://developer.apple.com/documentation/security/secitemcopymatching(_:_:)
//   https://developer.apple.com/documentation/security/secitemupdate(_:_:)
//   https://developer.apple.com/documentation/security/secitemdelete(_:)
//   https://developer.apple.com/documentation/security/item-class-keys-and-values
//   https://developer.apple.com/documentation/security/item-attribute-keys-and-values
//   https://developer.apple.com/documentation/security/item-return-result-keys
//   https://developer.apple.com/documentation/security/search-attribute-keys-and-values
//   https://developer.apple.com/documentation/security/ksecattraccessible
//   https://developer.apple.com/documentation/security/ksecattrsynchronizable
//   https://developer.apple.com/documentation/security/ksecattraccesscontrol
//   https://developer.apple.com/documentation/security/ksecusedataprotectionkeychain
//   https://developer.apple.com/documentation/security/ksecuseauthenticationcontext
//
// Apple imports each key and value as `let kSec…: CFString`; their string values are the ones the
// real framework uses (`kSecClass` is "class", `kSecAttrService` "svce"…), so a dictionary printed here
// reads like one printed on a device. `nonisolated(unsafe)` stands in for the C globals' import, which
// lets any isolation domain read them.
//
// The functions run against an in-memory keychain (Keychain.swift) with the semantics of the iOS
// (data protection) keychain; see that file for what it honours and what it refuses.

import Foundation

// MARK: Item class

/// A dictionary key whose value is the item's class.
nonisolated(unsafe) public let kSecClass: CFString = "class"
/// The value that indicates a generic password item.
nonisolated(unsafe) public let kSecClassGenericPassword: CFString = "genp"

// MARK: Item attributes

/// A key whose value is a string indicating the item's service.
nonisolated(unsafe) public let kSecAttrService: CFString = "svce"
/// A key whose value is a string indicating the item's account name.
nonisolated(unsafe) public let kSecAttrAccount: CFString = "acct"
/// A key whose value is a string indicating the access group the item is in.
nonisolated(unsafe) public let kSecAttrAccessGroup: CFString = "agrp"
/// A key whose value is a string indicating the item's label.
nonisolated(unsafe) public let kSecAttrLabel: CFString = "labl"
/// A key with a value that indicates when the keychain item is accessible.
nonisolated(unsafe) public let kSecAttrAccessible: CFString = "pdmn"
/// A key with a value that's a string indicating whether the item synchronizes through iCloud.
nonisolated(unsafe) public let kSecAttrSynchronizable: CFString = "sync"
/// Specifies that both synchronizable and non-synchronizable results should be returned from a query.
nonisolated(unsafe) public let kSecAttrSynchronizableAny: CFString = "syna"
/// A key with a value that's an access control instance indicating access control settings for the item.
nonisolated(unsafe) public let kSecAttrAccessControl: CFString = "accc"

// MARK: Accessibility values

/// The data in the keychain item can be accessed only while the device is unlocked by the user.
nonisolated(unsafe) public let kSecAttrAccessibleWhenUnlocked: CFString = "ak"
/// The data in the keychain item cannot be accessed after a restart until the device has been unlocked
/// once by the user.
nonisolated(unsafe) public let kSecAttrAccessibleAfterFirstUnlock: CFString = "ck"
/// The data in the keychain item can be accessed only while the device is unlocked by the user; never
/// migrated to a new device.
nonisolated(unsafe) public let kSecAttrAccessibleWhenUnlockedThisDeviceOnly: CFString = "aku"
/// The data in the keychain item cannot be accessed after a restart until the device has been unlocked
/// once by the user; never migrated to a new device.
nonisolated(unsafe) public let kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly: CFString = "cku"
/// The data in the keychain can only be accessed when the device is unlocked. Only available if a passcode
/// is set on the device; never migrated to a new device.
nonisolated(unsafe) public let kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly: CFString = "akpu"

// MARK: Item value, return types, search

/// A key whose value is the item's data.
nonisolated(unsafe) public let kSecValueData: CFString = "v_Data"
/// A key whose value is a Boolean indicating whether or not to return item data.
nonisolated(unsafe) public let kSecReturnData: CFString = "r_Data"
/// A key whose value is a Boolean indicating whether or not to return item attributes.
nonisolated(unsafe) public let kSecReturnAttributes: CFString = "r_Attributes"
/// A key whose value indicates the match limit.
nonisolated(unsafe) public let kSecMatchLimit: CFString = "m_Limit"
/// A value that corresponds to matching exactly one item.
nonisolated(unsafe) public let kSecMatchLimitOne: CFString = "m_LimitOne"
/// A value that corresponds to matching an unlimited number of items.
nonisolated(unsafe) public let kSecMatchLimitAll: CFString = "m_LimitAll"

// MARK: Additional item keys

/// A key whose value indicates whether to treat macOS keychain items like iOS keychain items.
nonisolated(unsafe) public let kSecUseDataProtectionKeychain: CFString = "nleg"
/// A key whose value indicates a local authentication context (`LAContext`) to use.
nonisolated(unsafe) public let kSecUseAuthenticationContext: CFString = "u_AuthCtx"

// MARK: Functions

/// `func SecItemAdd(_ attributes: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus`
///
/// Adds one or more items to a keychain.
@discardableResult
public func SecItemAdd(_ attributes: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus {
    Keychain.shared.add(attributes, result)
}

/// `func SecItemCopyMatching(_ query: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus`
///
/// Returns one or more keychain items that match a search query, or copies attributes of specific
/// keychain items.
@discardableResult
public func SecItemCopyMatching(_ query: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus {
    Keychain.shared.copyMatching(query, result)
}

/// `func SecItemUpdate(_ query: CFDictionary, _ attributesToUpdate: CFDictionary) -> OSStatus`
///
/// Modifies items that match a search query.
@discardableResult
public func SecItemUpdate(_ query: CFDictionary, _ attributesToUpdate: CFDictionary) -> OSStatus {
    Keychain.shared.update(query, attributesToUpdate)
}

/// `func SecItemDelete(_ query: CFDictionary) -> OSStatus`
///
/// Deletes items that match a search query.
@discardableResult
public func SecItemDelete(_ query: CFDictionary) -> OSStatus {
    Keychain.shared.delete(query)
}
