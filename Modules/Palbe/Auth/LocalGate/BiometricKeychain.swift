import Foundation

// The biometric keychain seam, and the Keychain and LocalAuthentication behind it on Apple platforms.

// MARK: - BiometricKeychain

/// The seam between ``LocalGate`` and the platform: biometry, and one biometry-protected item.
///
/// On Apple platforms it is LocalAuthentication and a Keychain item created with
/// `.biometryCurrentSet` and `kSecAttrAccessibleWhenUnlockedThisDeviceOnly`, which the system
/// invalidates when the enrolled biometry changes. Elsewhere biometry is unavailable
/// (``UnavailableBiometrics``). Tests script one that enrols, prompts, cancels and changes enrolment.
package protocol BiometricKeychain: Sendable {
    /// Whether biometry can be evaluated now (checked live, without prompting).
    func isBiometryAvailable() -> Bool

    /// Stores `secret` under `account` so that reading it needs the currently enrolled biometry,
    /// replacing any item there.
    func addProtectedItem(_ secret: Data, account: String) throws(LocalGateError)

    /// Prompts with `reason` and reads the item under `account`; nil when there is none (never made,
    /// or invalidated by an enrolment change).
    ///
    /// - Throws: ``LocalGateError/cancelled`` when the user dismissed the prompt,
    ///   ``LocalGateError/biometryUnavailable``, ``LocalGateError/keychain(_:)``.
    func readProtectedItem(account: String, reason: String) async throws(LocalGateError) -> Data?

    /// Deletes the item under `account`, without prompting; a missing item is not an error.
    func deleteProtectedItem(account: String)
}

/// The platform's seam: the Keychain and LocalAuthentication on Apple platforms, none elsewhere.
package enum BiometricKeychains {
    package static var platformDefault: any BiometricKeychain {
        #if canImport(LocalAuthentication) && canImport(Security)
            KeychainBiometrics()
        #else
            UnavailableBiometrics()
        #endif
    }
}

/// Biometry where there is none (Linux, the command line): unavailable, so the gate cannot be armed.
package struct UnavailableBiometrics: BiometricKeychain {
    package init() {}

    package func isBiometryAvailable() -> Bool { false }

    package func addProtectedItem(_ secret: Data, account: String) throws(LocalGateError) {
        throw .biometryUnavailable
    }

    package func readProtectedItem(account: String, reason: String) async throws(LocalGateError) -> Data? {
        throw .biometryUnavailable
    }

    package func deleteProtectedItem(account: String) {}
}

// MARK: - KeychainBiometrics

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
