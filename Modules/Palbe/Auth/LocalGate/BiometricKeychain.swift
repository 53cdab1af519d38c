import Foundation

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
