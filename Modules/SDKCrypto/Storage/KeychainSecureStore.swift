#if canImport(Security)
    import Foundation
    import Security

    /// A ``SecureStore`` in the Keychain: each key is one generic-password item of ``service``.
    ///
    /// - Items are readable in the background once the device has been unlocked after boot. By
    ///   default they are `kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly`, never included in
    ///   backups that restore to another device; ``Accessibility/afterFirstUnlock`` lets them move
    ///   with an encrypted backup (what another SDK's items may already use). They are never
    ///   synchronised through iCloud Keychain (`kSecAttrSynchronizable` is false in every query).
    /// - A write updates the item in place and adds it only when it is missing, so a reader sees
    ///   the old value or the new one, never no value.
    /// - Keys follow the same rule as ``FileSecureStore`` (``FileSecureStore/isValidKey(_:)``), so
    ///   code that works with one store works with the other.
    /// - Failures are ``SecureStoreError`` of kind ``SecureStoreError/Kind/io`` with the Keychain's
    ///   `OSStatus` (negative) as ``SecureStoreError/code``.
    ///
    /// On macOS the items live by default in the data protection keychain
    /// (`kSecUseDataProtectionKeychain`), the only one that honours the accessibility class; it
    /// requires the process to be signed with an application identifier or keychain access group,
    /// and reports `errSecMissingEntitlement` (-34018) otherwise. `usesDataProtectionKeychain: false`
    /// uses the file-based keychain instead, where items written without that flag live; Apple
    /// documents `kSecAttrAccessible` and `kSecAttrAccessGroup` for macOS items only in the data
    /// protection keychain, so there the store sets neither (``accessibility`` and ``accessGroup``
    /// do not apply). Other Apple platforms have only the data protection keychain, so there the
    /// flag changes nothing.
    public struct KeychainSecureStore: SecureStore {
        /// When the items can be read (`kSecAttrAccessible`).
        public enum Accessibility: Sendable, Equatable {
            /// After the first unlock since boot, on this device only.
            case afterFirstUnlockThisDeviceOnly
            /// After the first unlock since boot; restored with an encrypted backup to another device.
            case afterFirstUnlock
        }

        /// The `kSecAttrService` of every item this store reads or writes.
        public let service: String
        /// The keychain access group (`kSecAttrAccessGroup`), or `nil` for the app's default group.
        public let accessGroup: String?
        /// When the items can be read; set on every write (not in macOS's file-based keychain, see
        /// the type's discussion).
        public let accessibility: Accessibility
        /// Whether the items live in the data protection keychain on macOS (see the type's discussion).
        public let usesDataProtectionKeychain: Bool

        /// A store whose items belong to `service`, in `accessGroup` if given.
        public init(
            service: String, accessGroup: String? = nil,
            accessibility: Accessibility = .afterFirstUnlockThisDeviceOnly, usesDataProtectionKeychain: Bool = true
        ) {
            self.service = service
            self.accessGroup = accessGroup
            self.accessibility = accessibility
            self.usesDataProtectionKeychain = usesDataProtectionKeychain
        }

        /// The bytes stored under `key`, or `nil`.
        public func read(_ key: String) throws -> Data? {
            var query = try itemQuery(for: key, operation: "read")
            query[kSecReturnData as String] = true
            query[kSecMatchLimit as String] = kSecMatchLimitOne
            var result: CFTypeRef?
            let status = SecItemCopyMatching(query as CFDictionary, &result)
            if status == errSecItemNotFound { return nil }
            if status == errSecInteractionNotAllowed || status == errSecNotAvailable {
                // Locked (before the first unlock, or the item's accessibility says not now): not "no item".
                throw SecureStoreError(kind: .unavailable, operation: "read", code: status)
            }
            guard status == errSecSuccess else { throw SecureStoreError(kind: .io, operation: "read", code: status) }
            guard let data = result as? Data else {
                throw SecureStoreError(kind: .io, operation: "read", code: errSecInternalComponent)
            }
            return data
        }

        /// Stores `data` under `key`, replacing any previous value in place.
        public func write(_ data: Data, for key: String) throws {
            let query = try itemQuery(for: key, operation: "write")
            // Accessibility is part of the update too: an item written by an older build with a
            // weaker class is moved to this one rather than kept as it was.
            var changes: [String: Any] = [kSecValueData as String: data]
            if usesDataProtectionAttributes { changes[kSecAttrAccessible as String] = accessibleAttribute }
            // Update first: deleting and adding would leave a moment with no value at all.
            var status = SecItemUpdate(query as CFDictionary, changes as CFDictionary)
            if status == errSecItemNotFound {
                status = SecItemAdd(query.merging(changes) { _, new in new } as CFDictionary, nil)
                if status == errSecDuplicateItem {
                    // Another writer added the item between our update and add; ours is the later value.
                    status = SecItemUpdate(query as CFDictionary, changes as CFDictionary)
                }
            }
            guard status == errSecSuccess else { throw SecureStoreError(kind: .io, operation: "write", code: status) }
        }

        /// Removes the value under `key`, if any.
        public func delete(_ key: String) throws {
            let query = try itemQuery(for: key, operation: "delete")
            let status = SecItemDelete(query as CFDictionary)
            guard status == errSecSuccess || status == errSecItemNotFound else {
                throw SecureStoreError(kind: .io, operation: "delete", code: status)
            }
        }

        /// The attributes that name the one item for `key`, after checking the key.
        private func itemQuery(for key: String, operation: String) throws -> [String: Any] {
            guard SecureStoreKey.isValid(key) else { throw SecureStoreError(kind: .invalidKey, operation: operation) }
            var query: [String: Any] = [
                kSecClass as String: kSecClassGenericPassword,
                kSecAttrService as String: service,
                kSecAttrAccount as String: key,
                kSecAttrSynchronizable as String: false,
            ]
            if usesDataProtectionKeychain { query[kSecUseDataProtectionKeychain as String] = true }
            if let accessGroup, usesDataProtectionAttributes { query[kSecAttrAccessGroup as String] = accessGroup }
            return query
        }

        /// Whether `kSecAttrAccessible` and `kSecAttrAccessGroup` apply: on macOS only in the data
        /// protection keychain, elsewhere always. `kSecAttrAccessible`'s documentation: "You can use
        /// this attribute for macOS keychain items only if you also set a value of `true` for the
        /// `kSecUseDataProtectionKeychain` key, the `kSecAttrSynchronizable` key, or both";
        /// `<Security/SecItem.h>` lists `kSecAttrAccessGroup` the same way ("iOS; also macOS if
        /// kSecAttrSynchronizable and/or kSecUseDataProtectionKeychain set").
        private var usesDataProtectionAttributes: Bool {
            #if os(macOS)
                usesDataProtectionKeychain
            #else
                true
            #endif
        }

        private var accessibleAttribute: CFString {
            switch accessibility {
            case .afterFirstUnlockThisDeviceOnly: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
            case .afterFirstUnlock: kSecAttrAccessibleAfterFirstUnlock
            }
        }
    }
#endif
