import ErrorCore
import Foundation
import SDKCrypto

// The local gate: a session kept behind the device owner's biometrics, and how it fails.

// MARK: - LocalGate

#if canImport(Security)
    import Security
#endif

/// A biometric lock on this device's UI, `pb.auth.localGate`: the app asks for Face ID or Touch ID
/// before it shows signed-in UI.
///
/// ```swift
/// if await pb.auth.localGate.isBiometryAvailable {
///     try await pb.auth.localGate.enable()
/// }
/// // On a cold launch, before showing signed-in UI:
/// try await pb.auth.localGate.unlock()
/// ```
///
/// Arming the gate stores a random secret in a Keychain item that only the currently enrolled
/// biometry can read (`.biometryCurrentSet`, this device only), plus an unprotected marker holding the
/// secret's digest, so ``isEnabled`` is read without prompting. Enrolling a new face or finger
/// invalidates the item: ``unlock(reason:)`` then throws ``LocalGateError/biometryChanged`` until the
/// gate is disabled or armed again.
///
/// **Never a server decision.** The server is never told the gate exists, and nothing the gate does
/// changes a request: a caller that skips ``unlock(reason:)`` reaches exactly the same network surface.
/// Use `stepUp()` when the server has to be convinced. On platforms without biometry (Linux) the gate
/// cannot be armed.
public actor LocalGate {
    private let biometrics: any BiometricKeychain
    private let store: any SecureStore
    /// The item's account, and the marker's key, for this environment.
    private let key: String

    /// A gate over `biometrics`, keeping its marker in `store` under `key`.
    package init(biometrics: any BiometricKeychain, store: any SecureStore, key: String) {
        self.biometrics = biometrics
        self.store = store
        self.key = key
    }

    /// Whether biometry can be evaluated now (a live check, no prompt).
    public var isBiometryAvailable: Bool {
        biometrics.isBiometryAvailable()
    }

    /// Whether the gate is armed; read from the unprotected marker, WITHOUT prompting.
    public var isEnabled: Bool {
        (try? store.read(key)) != nil
    }

    /// Arms the gate: a fresh random secret goes into a biometry-protected item, its digest into the
    /// marker. Arming again replaces both (and so recovers from ``LocalGateError/biometryChanged``).
    ///
    /// - Throws: ``LocalGateError/biometryUnavailable``, ``LocalGateError/keychain(_:)``.
    public func enable() async throws {
        guard biometrics.isBiometryAvailable() else { throw LocalGateError.biometryUnavailable }
        let secret = SecureRandom.bytes(32)
        try biometrics.addProtectedItem(secret, account: key)
        do {
            try store.write(SHA256.hash(secret), for: key)
        } catch {
            biometrics.deleteProtectedItem(account: key)
            throw LocalGateError.keychain(OSStatus((error as? SecureStoreError)?.code ?? -1))
        }
    }

    /// Disarms the gate: deletes the item and the marker. Needs no biometry.
    public func disable() async {
        biometrics.deleteProtectedItem(account: key)
        try? store.delete(key)
    }

    /// Prompts with `reason` and succeeds when the enrolled biometry reads the protected item.
    ///
    /// - Throws: ``LocalGateError/notEnabled`` when the gate is not armed; ``LocalGateError/cancelled``
    ///   when the user dismissed the prompt; ``LocalGateError/biometryChanged`` when the item was
    ///   invalidated by an enrolment change; ``LocalGateError/biometryUnavailable``;
    ///   ``LocalGateError/keychain(_:)``.
    public func unlock(reason: String = "Unlock your session") async throws {
        guard let marker = try? store.read(key) else { throw LocalGateError.notEnabled }
        guard biometrics.isBiometryAvailable() else { throw LocalGateError.biometryUnavailable }
        let secret = try await biometrics.readProtectedItem(account: key, reason: reason)
        guard let secret, ConstantTime.isEqual(SHA256.hash(secret), marker) else {
            throw LocalGateError.biometryChanged
        }
    }
}

extension AuthNamespace {
    /// The biometric lock on this device's UI; see ``LocalGate``. It never changes what the server sees.
    public var localGate: LocalGate {
        LocalGate(
            biometrics: client.runtime.biometrics ?? BiometricKeychains.platformDefault,
            store: session.persistence.store, key: LocalGate.key(for: client.configuration))
    }
}

extension LocalGate {
    /// `palbe-localgate-` and the session item's environment digest.
    package static func key(for configuration: PalbeConfiguration) -> String {
        "palbe-localgate-" + SessionStorage.itemKey(for: configuration).dropFirst("palbe-session-".count)
    }
}

// MARK: - LocalGateError

#if canImport(Security)
    import Security  // OSStatus, named where it is used rather than through Foundation's re-exports
#else
    /// A Keychain result code, as Apple platforms define it; ``LocalGateError/keychain(_:)`` carries one.
    /// Elsewhere there is no Keychain, so the gate never produces it.
    public typealias OSStatus = Int32
#endif

/// Why ``LocalGate`` refused.
///
/// ```swift
/// do {
///     try await pb.auth.localGate.unlock()
/// } catch LocalGateError.biometryChanged {
///     try await pb.auth.signOut()   // enrolment changed: do not proceed
/// } catch LocalGateError.notEnabled {
///     // nothing to unlock
/// }
/// ```
public enum LocalGateError: Error, Sendable, Equatable {
    /// The device has no usable biometry (none enrolled, none fitted, locked out after too many
    /// failed matches until the passcode is entered, or not an Apple platform).
    case biometryUnavailable
    /// The user dismissed the prompt.
    case cancelled
    /// A face or finger was enrolled (or removed) since the gate was armed: the protected item is
    /// invalidated by design. Sign out; do not proceed.
    case biometryChanged
    /// The gate is not armed: there is nothing to unlock.
    case notEnabled
    /// The Keychain refused with this status.
    case keychain(OSStatus)
}
