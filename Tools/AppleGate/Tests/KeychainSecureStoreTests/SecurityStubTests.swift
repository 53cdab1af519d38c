// The Security stub's keychain keeps the rules Apple documents for SecItem (see
// Tools/AppleGate/Stubs/Security/Keychain.swift), so that suites run against it mean something.
#if canImport(Security)
    import Foundation
    import Security
    import Testing

    @Suite struct SecurityStubTests {
        /// A fresh service per test keeps tests (which run in parallel) out of each other's items.
        private let service = "gate.stub.\(UUID().uuidString)"

        private func item(_ account: String, _ extra: [CFString: Any] = [:]) -> [CFString: Any] {
            [kSecClass: kSecClassGenericPassword, kSecAttrService: service, kSecAttrAccount: account]
                .merging(extra) { _, new in new }
        }

        @Test func addingTheSameItemTwiceIsADuplicate() {
            let attributes = item("a", [kSecValueData: Data("1".utf8)])
            #expect(SecItemAdd(attributes as CFDictionary, nil) == errSecSuccess)
            #expect(SecItemAdd(attributes as CFDictionary, nil) == errSecDuplicateItem)
            #expect(errSecDuplicateItem == -25299)
        }

        @Test func missingItemsAreNotFoundForEveryOperation() {
            var result: CFTypeRef?
            let query = item("missing")
            #expect(SecItemCopyMatching(query as CFDictionary, &result) == errSecItemNotFound)
            #expect(SecItemUpdate(query as CFDictionary, [kSecValueData: Data()] as CFDictionary) == errSecItemNotFound)
            #expect(SecItemDelete(query as CFDictionary) == errSecItemNotFound)
            #expect(errSecItemNotFound == -25300)
        }

        @Test func copyReturnsDataAttributesOrBoth() throws {
            #expect(SecItemAdd(item("a", [kSecValueData: Data("v".utf8)]) as CFDictionary, nil) == errSecSuccess)
            var result: CFTypeRef?
            #expect(SecItemCopyMatching(item("a", [kSecReturnData: true]) as CFDictionary, &result) == errSecSuccess)
            #expect(result as? Data == Data("v".utf8))
            let both = item("a", [kSecReturnData: true, kSecReturnAttributes: true])
            #expect(SecItemCopyMatching(both as CFDictionary, &result) == errSecSuccess)
            let attributes = try #require(result as? [String: Any])
            #expect(attributes[kSecAttrAccount as String] as? String == "a")
            #expect(attributes[kSecValueData as String] as? Data == Data("v".utf8))
            #expect(attributes[kSecAttrAccessible as String] as? String == kSecAttrAccessibleWhenUnlocked as String)
        }

        @Test func matchLimitAllReturnsAnArray() throws {
            for account in ["a", "b"] {
                #expect(SecItemAdd(item(account) as CFDictionary, nil) == errSecSuccess)
            }
            let query: [CFString: Any] = [
                kSecClass: kSecClassGenericPassword, kSecAttrService: service, kSecMatchLimit: kSecMatchLimitAll,
                kSecReturnAttributes: true,
            ]
            var result: CFTypeRef?
            #expect(SecItemCopyMatching(query as CFDictionary, &result) == errSecSuccess)
            #expect(try #require(result as? [Any]).count == 2)
        }

        @Test func updatesCannotMakeDuplicatesOrCarryMetaAttributes() {
            #expect(SecItemAdd(item("a") as CFDictionary, nil) == errSecSuccess)
            #expect(SecItemAdd(item("b") as CFDictionary, nil) == errSecSuccess)
            let rename = [kSecAttrAccount: "b"] as CFDictionary
            #expect(SecItemUpdate(item("a") as CFDictionary, rename) == errSecDuplicateItem)
            let meta = [kSecReturnData: true] as CFDictionary
            #expect(SecItemUpdate(item("a") as CFDictionary, meta) == errSecParam)
        }

        @Test func malformedDictionariesAreParameterErrors() {
            let noClass: [CFString: Any] = [kSecAttrService: service, kSecAttrAccount: "a"]
            #expect(SecItemAdd(noClass as CFDictionary, nil) == errSecParam)
            #expect(SecItemAdd(item("a", [kSecAttrService: 42]) as CFDictionary, nil) == errSecParam)
            #expect(SecItemAdd(item("a", [kSecAttrAccessible: "sometimes"]) as CFDictionary, nil) == errSecParam)
            #expect(SecItemAdd(item("a", ["nonsense" as CFString: true]) as CFDictionary, nil) == errSecParam)
            #expect(errSecParam == -50)
        }

        @Test func synchronizableItemsAreSeparateAndCannotBeThisDeviceOnly() {
            let synced = item("a", [kSecAttrSynchronizable: true])
            #expect(SecItemAdd(synced as CFDictionary, nil) == errSecSuccess)
            var result: CFTypeRef?
            #expect(SecItemCopyMatching(item("a") as CFDictionary, &result) == errSecItemNotFound)
            let any = item("a", [kSecAttrSynchronizable: kSecAttrSynchronizableAny])
            #expect(SecItemCopyMatching(any as CFDictionary, &result) == errSecSuccess)
            let deviceOnly = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
            let bound = item("b", [kSecAttrSynchronizable: true, kSecAttrAccessible: deviceOnly])
            #expect(SecItemAdd(bound as CFDictionary, nil) == errSecParam)
        }

        @Test func accessControlledDataNeedsTheUserTheStubCannotAsk() throws {
            var failure: Unmanaged<CFError>?
            let access = try #require(
                SecAccessControlCreateWithFlags(
                    nil, kSecAttrAccessibleWhenUnlockedThisDeviceOnly, .biometryCurrentSet, &failure))
            let protected = item("a", [kSecValueData: Data("s".utf8), kSecAttrAccessControl: access])
            #expect(SecItemAdd(protected as CFDictionary, nil) == errSecSuccess)
            var result: CFTypeRef?
            let read = item("a", [kSecReturnData: true, kSecMatchLimit: kSecMatchLimitOne])
            #expect(SecItemCopyMatching(read as CFDictionary, &result) == errSecInteractionNotAllowed)
            #expect(SecItemDelete(item("a") as CFDictionary) == errSecSuccess)
        }

        @Test func accessControlNeedsAnAccessibilityValue() {
            var failure: Unmanaged<CFError>?
            #expect(SecAccessControlCreateWithFlags(nil, "not a class" as CFString, .userPresence, &failure) == nil)
            let error = failure?.takeRetainedValue()
            #expect(error?.code == Int(errSecParam))
        }

        @Test func randomBytesFillTheBuffer() {
            var bytes = [UInt8](repeating: 0, count: 64)
            #expect(bytes.withUnsafeMutableBytes { SecRandomCopyBytes(kSecRandomDefault, 64, $0.baseAddress!) } == 0)
            #expect(bytes.contains { $0 != 0 })
        }
    }
#endif
