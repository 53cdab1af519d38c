import Foundation
import SDKCrypto
import Testing

#if canImport(Security)
    import Security
#endif

/// Every ``SecureStore`` this platform ships, as the argument of the shared semantics suite.
enum SecureStoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// ``FileSecureStore`` in a fresh temporary directory.
    case file
    #if canImport(Security)
        /// `KeychainSecureStore` with a fresh service name, its items removed afterwards.
        case keychain
    #endif

    var testDescription: String { rawValue }

    /// The kinds this process can exercise: the semantics suite's arguments.
    ///
    /// On macOS the Keychain store uses the data protection keychain, which refuses processes that
    /// are not signed with an application identifier or keychain access group
    /// (`errSecMissingEntitlement`), as a plain `swift test` bundle is not; there the Keychain runs
    /// only when `SDK_KEYCHAIN_TESTS=1` says the test host is signed. iOS, tvOS, watchOS and
    /// visionOS test hosts always run it.
    static var testable: [SecureStoreKind] {
        allCases.filter { kind in
            #if os(macOS) && canImport(Security)
                if kind == .keychain { return ProcessInfo.processInfo.environment["SDK_KEYCHAIN_TESTS"] == "1" }
            #endif
            return true
        }
    }

    /// Runs `body` with an empty store of this kind and removes whatever it left behind.
    func withFreshStore(_ body: (any SecureStore) throws -> Void) throws {
        switch self {
        case .file:
            let root = FileManager.default.temporaryDirectory.appendingPathComponent("securestore-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: root) }
            try body(FileSecureStore(directory: root.appendingPathComponent("secure")))
        #if canImport(Security)
            case .keychain:
                // A service per run keeps parallel tests, and earlier runs, out of each other's items.
                let service = "com.sdk.tests.securestore.\(UUID().uuidString)"
                defer {
                    let query: [String: Any] = [
                        kSecClass as String: kSecClassGenericPassword,
                        kSecAttrService as String: service,
                        kSecUseDataProtectionKeychain as String: true,
                    ]
                    _ = SecItemDelete(query as CFDictionary)
                }
                try body(KeychainSecureStore(service: service))
        #endif
        }
    }
}
