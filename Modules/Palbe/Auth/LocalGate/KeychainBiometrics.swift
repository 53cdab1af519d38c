#if canImport(LocalAuthentication) && canImport(Security)
    import Foundation
    import LocalAuthentication
    import Security

    /// ``BiometricKeychain`` on Apple platforms: LAContext for availability and the prompt, and a
    /// generic-password item (service `studio.palbase.localgate`) whose access control is
    /// `.biometryCurrentSet` with `kSecAttrAccessibleWhenUnlockedThisDeviceOnly`: never synced, never
    /// restored to another device, and invalidated by the system when the enrolled biometry changes.
    struct KeychainBiometrics: BiometricKeychain {
        static let service = "studio.palbase.localgate"

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
            let attributes: [CFString: Any] = [
                kSecClass: kSecClassGenericPassword, kSecAttrService: Self.service, kSecAttrAccount: account,
                kSecValueData: secret, kSecAttrAccessControl: access,
            ]
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
            let query: [CFString: Any] = [
                kSecClass: kSecClassGenericPassword, kSecAttrService: Self.service, kSecAttrAccount: account,
            ]
            SecItemDelete(query as CFDictionary)
        }

        private static func read(account: String, reason: String) -> Result<Data?, LocalGateError> {
            let context = LAContext()
            context.localizedReason = reason
            let query: [CFString: Any] = [
                kSecClass: kSecClassGenericPassword, kSecAttrService: service, kSecAttrAccount: account,
                kSecReturnData: true, kSecMatchLimit: kSecMatchLimitOne, kSecUseAuthenticationContext: context,
            ]
            var item: CFTypeRef?
            let status = SecItemCopyMatching(query as CFDictionary, &item)
            switch status {
            case errSecSuccess: return .success(item as? Data)
            case errSecItemNotFound: return .success(nil)
            case errSecUserCanceled: return .failure(.cancelled)
            case errSecNotAvailable: return .failure(.biometryUnavailable)
            default: return .failure(.keychain(status))
            }
        }
    }
#endif
