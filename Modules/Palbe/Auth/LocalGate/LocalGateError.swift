import Foundation

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
