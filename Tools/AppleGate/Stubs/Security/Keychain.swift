// The stub's keychain: generic-password items in memory, behind one lock, with the iOS keychain's rules
// as Apple documents them:
//   https://developer.apple.com/documentation/security/secitemadd(_:_:) (and the other SecItem pages)
//   https://developer.apple.com/documentation/security/ksecattrsynchronizable
//   https://developer.apple.com/documentation/security/ksecattrsynchronizableany
//   https://developer.apple.com/documentation/security/ksecusedataprotectionkeychain
//   https://developer.apple.com/documentation/technotes/tn3137-on-mac-keychains
//
// What it honours:
// - An item is identified by its class, access group, account, service and synchronizable flag (the
//   generic-password primary key): adding a second one fails with `errSecDuplicateItem`, as does an
//   update that would make two items share it.
// - A query matches the items whose attributes equal every attribute it names; an item added without
//   `kSecAttrAccessGroup` joins the app's default group, and a query without one searches every group.
// - `kSecAttrSynchronizable`: absent or `false` means non-synchronizable items only, `true` synchronizable
//   ones, `kSecAttrSynchronizableAny` both. A synchronizable item cannot be `…ThisDeviceOnly` (`errSecParam`).
// - `kSecAttrAccessible` (default `kSecAttrAccessibleWhenUnlocked`; the device is always unlocked here),
//   or the protection of a `kSecAttrAccessControl`.
// - `SecItemCopyMatching`: `kSecMatchLimit` (default one; `kSecMatchLimitAll`, or a number), results as
//   `kSecReturnData` (`NSData`), `kSecReturnAttributes` (`NSDictionary`, with `kSecValueData` when both
//   are asked), an `NSArray` of those for more than one; no return key means `errSecSuccess` with no
//   result. No match is `errSecItemNotFound`, for copy, update and delete alike.
// - `SecItemUpdate` changes every match; its second dictionary may hold attributes and `kSecValueData`
//   only (`kSecReturn…`, `kSecMatch…`, `kSecUse…` are `errSecParam`: "no meta attributes are allowed").
// - `SecItemDelete` deletes every match.
// - `kSecUseDataProtectionKeychain` must be a Boolean and changes nothing (iOS ignores it: it has only
//   the data protection keychain); `kSecUseAuthenticationContext` is accepted.
// - Wrong types (a number for a service, an unknown accessibility value, no `kSecClass`, a class other
//   than `kSecClassGenericPassword`) and keys this stub does not declare are `errSecParam`.
// What it cannot do: authenticate a user. Returning the data of an item whose access control asks for
// the user (biometry, passcode, companion, application password), or changing that data, fails with
// `errSecInteractionNotAllowed`, Apple's status when the keychain may not show its authentication UI.
// Access groups are not checked against entitlements, and `kSecValueData` in a query does not narrow it.

import Foundation

/// The stub's in-memory keychain, shared by the whole process as the real one is.
final class Keychain: @unchecked Sendable {
    static let shared = Keychain()

    /// The access group of items added without one (on a device, the app's first keychain access group).
    static let defaultAccessGroup = "APPLEGATE.stub.default"

    /// Every `kSecAttrAccessible…` value.
    static let accessibilityValues: Set<String> = [
        kSecAttrAccessibleWhenUnlocked as String, kSecAttrAccessibleAfterFirstUnlock as String,
        kSecAttrAccessibleWhenUnlockedThisDeviceOnly as String,
        kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly as String,
        kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly as String,
    ]

    /// The `kSecAttrAccessible…ThisDeviceOnly` values, which a synchronizable item cannot have.
    static let thisDeviceOnlyValues: Set<String> = [
        kSecAttrAccessibleWhenUnlockedThisDeviceOnly as String,
        kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly as String,
        kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly as String,
    ]

    private let lock = NSLock()
    private var items: [Item] = []

    private init() {}

    // MARK: Operations

    func add(_ attributes: NSDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus {
        let request: Request
        switch Request.parse(attributes, as: .add) {
        case .success(let parsed): request = parsed
        case .failure(let status): return status.code
        }
        let accessControl = request.accessControl
        var item = Item(
            attributes: request.attributes, synchronizable: request.synchronizable == .only(true),
            accessControl: accessControl, data: request.data ?? Data())
        if item.attributes[Key.accessGroup] == nil { item.attributes[Key.accessGroup] = Self.defaultAccessGroup }
        if let accessControl { item.attributes[Key.accessible] = accessControl.protection }
        if item.attributes[Key.accessible] == nil {
            item.attributes[Key.accessible] = kSecAttrAccessibleWhenUnlocked as String
        }
        guard item.isConsistent else { return errSecParam }
        return lock.withLock {
            guard !items.contains(where: { $0.primaryKey == item.primaryKey }) else { return errSecDuplicateItem }
            items.append(item)
            result?.pointee = request.wantsResult ? request.result(for: [item]) : nil
            return errSecSuccess
        }
    }

    func copyMatching(_ query: NSDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus {
        let request: Request
        switch Request.parse(query, as: .query) {
        case .success(let parsed): request = parsed
        case .failure(let status): return status.code
        }
        return lock.withLock {
            var found = items.filter(request.matches)
            guard !found.isEmpty else { return errSecItemNotFound }
            if let limit = request.limit { found = Array(found.prefix(limit)) }
            if request.returnData, found.contains(where: { $0.accessControl?.requiresAuthentication == true }) {
                return errSecInteractionNotAllowed
            }
            guard request.wantsResult else {
                result?.pointee = nil
                return errSecSuccess
            }
            result?.pointee = request.result(for: found)
            return errSecSuccess
        }
    }

    func update(_ query: NSDictionary, _ attributesToUpdate: NSDictionary) -> OSStatus {
        let request: Request
        let changes: Request
        switch (Request.parse(query, as: .query), Request.parse(attributesToUpdate, as: .changes)) {
        case (.failure(let status), _), (_, .failure(let status)): return status.code
        case (.success(let parsedQuery), .success(let parsedChanges)):
            request = parsedQuery
            changes = parsedChanges
        }
        return lock.withLock {
            let matching = items.indices.filter { request.matches(items[$0]) }
            guard !matching.isEmpty else { return errSecItemNotFound }
            var updated = items
            for index in matching {
                if changes.data != nil || changes.accessControl != nil,
                    updated[index].accessControl?.requiresAuthentication == true
                {
                    return errSecInteractionNotAllowed
                }
                updated[index].apply(changes)
                guard updated[index].isConsistent else { return errSecParam }
            }
            guard Set(updated.map(\.primaryKey)).count == updated.count else { return errSecDuplicateItem }
            items = updated
            return errSecSuccess
        }
    }

    func delete(_ query: NSDictionary) -> OSStatus {
        let request: Request
        switch Request.parse(query, as: .query) {
        case .success(let parsed): request = parsed
        case .failure(let status): return status.code
        }
        return lock.withLock {
            let before = items.count
            items.removeAll(where: request.matches)
            return items.count == before ? errSecItemNotFound : errSecSuccess
        }
    }
}

/// A status to return instead of a parsed dictionary.
struct KeychainStatus: Error {
    let code: OSStatus
}

/// One generic-password item.
private struct Item {
    /// `kSecAttrService`, `kSecAttrAccount`, `kSecAttrAccessGroup`, `kSecAttrLabel`, `kSecAttrAccessible`.
    var attributes: [String: String]
    var synchronizable: Bool
    var accessControl: SecAccessControl?
    var data: Data

    struct PrimaryKey: Hashable {
        let accessGroup: String?
        let account: String?
        let service: String?
        let synchronizable: Bool
    }

    var primaryKey: PrimaryKey {
        PrimaryKey(
            accessGroup: attributes[kSecAttrAccessGroup as String], account: attributes[kSecAttrAccount as String],
            service: attributes[kSecAttrService as String], synchronizable: synchronizable)
    }

    /// A synchronizable item cannot be bound to this device (`kSecAttrSynchronizable`'s documentation).
    var isConsistent: Bool {
        guard synchronizable, let accessible = attributes[kSecAttrAccessible as String] else { return true }
        return !Keychain.thisDeviceOnlyValues.contains(accessible)
    }

    mutating func apply(_ changes: Request) {
        attributes.merge(changes.attributes) { _, new in new }
        if case .only(let value) = changes.synchronizable { synchronizable = value }
        if let accessControl = changes.accessControl {
            self.accessControl = accessControl
            attributes[kSecAttrAccessible as String] = accessControl.protection
        }
        if let data = changes.data { self.data = data }
    }

    /// The item as `kSecReturnAttributes` (and `kSecReturnData`) describe it.
    func dictionary(withData: Bool) -> NSDictionary {
        var entries: [String: Any] = attributes
        entries[kSecClass as String] = kSecClassGenericPassword as String
        entries[kSecAttrSynchronizable as String] = synchronizable
        if withData { entries[kSecValueData as String] = data }
        return entries as NSDictionary
    }
}

/// The keys a `SecItem…` dictionary may hold, as `String`s (for `switch`).
private enum Key {
    static let itemClass = kSecClass as String
    static let service = kSecAttrService as String
    static let account = kSecAttrAccount as String
    static let accessGroup = kSecAttrAccessGroup as String
    static let label = kSecAttrLabel as String
    static let accessible = kSecAttrAccessible as String
    static let synchronizable = kSecAttrSynchronizable as String
    static let accessControl = kSecAttrAccessControl as String
    static let valueData = kSecValueData as String
    static let returnData = kSecReturnData as String
    static let returnAttributes = kSecReturnAttributes as String
    static let matchLimit = kSecMatchLimit as String
    static let useDataProtectionKeychain = kSecUseDataProtectionKeychain as String
    static let useAuthenticationContext = kSecUseAuthenticationContext as String
}

/// A `SecItem…` dictionary, checked and decoded.
private struct Request {
    enum Role {
        /// `SecItemAdd`'s attributes.
        case add
        /// The query of `SecItemCopyMatching`, `SecItemUpdate` and `SecItemDelete`.
        case query
        /// `SecItemUpdate`'s attributes to update.
        case changes
    }

    enum Synchronizable: Equatable {
        case only(Bool)
        case any
    }

    var attributes: [String: String] = [:]
    var synchronizable = Synchronizable.only(false)
    var accessControl: SecAccessControl?
    var data: Data?
    var returnData = false
    var returnAttributes = false
    /// `nil` for all, else the most items to return.
    var limit: Int? = 1

    var wantsResult: Bool { returnData || returnAttributes }

    static func parse(_ dictionary: NSDictionary, as role: Role) -> Result<Request, KeychainStatus> {
        var request = Request()
        var hasClass = false
        let parameterError = Result<Request, KeychainStatus>.failure(KeychainStatus(code: errSecParam))
        for (key, value) in dictionary {
            guard let key = key as? String else { return parameterError }
            switch key {
            case Key.itemClass:
                guard value as? String == kSecClassGenericPassword as String else { return parameterError }
                hasClass = true
            case Key.service, Key.account, Key.accessGroup, Key.label:
                guard let string = value as? String else { return parameterError }
                request.attributes[key] = string
            case Key.accessible:
                guard let string = value as? String, Keychain.accessibilityValues.contains(string) else {
                    return parameterError
                }
                request.attributes[key] = string
            case Key.synchronizable:
                if let flag = value as? Bool {
                    request.synchronizable = .only(flag)
                } else if role == .query, value as? String == kSecAttrSynchronizableAny as String {
                    request.synchronizable = .any
                } else {
                    return parameterError
                }
            case Key.accessControl:
                guard let accessControl = value as? SecAccessControl else { return parameterError }
                if role != .query { request.accessControl = accessControl }
            case Key.valueData:
                guard let data = value as? Data else { return parameterError }
                if role != .query { request.data = data }
            case Key.returnData, Key.returnAttributes:
                guard role != .changes, let flag = value as? Bool else { return parameterError }
                if key == Key.returnData { request.returnData = flag } else { request.returnAttributes = flag }
            case Key.matchLimit:
                guard role != .changes else { return parameterError }
                if value as? String == kSecMatchLimitOne as String {
                    request.limit = 1
                } else if value as? String == kSecMatchLimitAll as String {
                    request.limit = nil
                } else if let count = value as? Int, count > 0 {
                    request.limit = count
                } else {
                    return parameterError
                }
            case Key.useDataProtectionKeychain:
                guard role != .changes, value is Bool else { return parameterError }
            case Key.useAuthenticationContext:
                guard role != .changes else { return parameterError }
            default:
                return parameterError
            }
        }
        // The class is required of a query and of a new item; an update names it in its query.
        guard hasClass || role == .changes else { return parameterError }
        return .success(request)
    }

    func matches(_ item: Item) -> Bool {
        guard attributes.allSatisfy({ item.attributes[$0.key] == $0.value }) else { return false }
        switch synchronizable {
        case .only(let flag): return item.synchronizable == flag
        case .any: return true
        }
    }

    /// What `result` receives for `items` (at least one).
    func result(for items: [Item]) -> CFTypeRef {
        let results: [AnyObject] = items.map { item in
            returnAttributes ? item.dictionary(withData: returnData) : item.data as NSData
        }
        return limit == 1 ? results[0] : results as NSArray
    }
}
