#if canImport(LocalAuthentication) && canImport(Security)
    import Foundation
    import LocalAuthentication
    import Security

    /// ``BiometricKeychain`` on Apple platforms: LAContext for availability and the prompt, and a
    /// generic-password item (service `studio.palbase.localgate`) whose access control is
    /// `.biometryCurrentSet` with `kSecAttrAccessibleWhenUnlockedThisDeviceOnly`: never synced, never
    /// restored to another device, and invalidated by the system when the enrolled biometry changes.
    ///
    /// Every query names `kSecUseDataProtectionKeychain`: on macOS an item without it lands in the
    /// file-based keychain, whose access control is not the data-protection keychain's (Apple TN3137),
    /// so `.biometryCurrentSet` would not mean what it means on iOS. (iOS ignores the key: it has only
    /// that keychain.) A biometry lockout (too many failed matches) is ``LocalGateError/biometryUnavailable``:
    /// `canEvaluatePolicy` reports it before a prompt, and the read reports it as `errSecAuthFailed`
    /// when it happens during one; either way biometry cannot be used until the passcode is entered.
    struct KeychainBiometrics: BiometricKeychain {
        static let service = "studio.palbase.localgate"

        /// The item's identity, shared by every query.
        private static func identity(account: String) -> [CFString: Any] {
            [
                kSecClass: kSecClassGenericPassword, kSecAttrService: service, kSecAttrAccount: account,
                kSecUseDataProtectionKeychain: true,
            ]
        }

        func isBiometryAvailable() -> Bool {
            var error: NSError?
            return LAContext().canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, error: &error)
        }

        func addProtectedItem(_ secret: Data, account: String) throws(LocalGateError) {
            deleteProtectedItem(account: account)
            var failure: Unmanaged<CFError>?
            guard
                let access = SecAccessControlCreateWithFlags(
                    nil, kSecAttrAccessibleWhenUnlockedThisDeviceOnly, .biometryCurrentSet, &failure)
            else {
                failure?.release()
                throw .keychain(errSecParam)
            }
            var attributes = Self.identity(account: account)
            attributes[kSecValueData] = secret
            attributes[kSecAttrAccessControl] = access
            let status = SecItemAdd(attributes as CFDictionary, nil)
            guard status == errSecSuccess else { throw .keychain(status) }
        }

        func readProtectedItem(account: String, reason: String) async throws(LocalGateError) -> Data? {
            let result: Result<Data?, LocalGateError> = await withCheckedContinuation { continuation in
                // SecItemCopyMatching blocks while the prompt is up: keep it off the cooperative pool.
                DispatchQueue.global(qos: .userInitiated).async {
                    continuation.resume(returning: Self.read(account: account, reason: reason))
                }
            }
            return try result.get()
        }

        func deleteProtectedItem(account: String) {
            SecItemDelete(Self.identity(account: account) as CFDictionary)
        }

        private static func read(account: String, reason: String) -> Result<Data?, LocalGateError> {
            let context = LAContext()
            context.localizedReason = reason
            var query = identity(account: account)
            query[kSecReturnData] = true
            query[kSecMatchLimit] = kSecMatchLimitOne
            query[kSecUseAuthenticationContext] = context
            var item: CFTypeRef?
            let status = SecItemCopyMatching(query as CFDictionary, &item)
            switch status {
            case errSecSuccess: return .success(item as? Data)
            case errSecItemNotFound: return .success(nil)
            case errSecUserCanceled: return .failure(.cancelled)
            case errSecNotAvailable, errSecAuthFailed: return .failure(.biometryUnavailable)
            default: return .failure(.keychain(status))
            }
        }
    }
#endif
