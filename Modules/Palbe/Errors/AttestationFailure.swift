/// The payload of ``BackendError/attestationUnavailable(_:)``: why this device cannot attest.
///
/// No Palbase backend demands App Attest today, so this cannot occur yet; handle it anyway.
public struct AttestationFailure: Sendable, Equatable {
    /// The App Attest error's message.
    public let reason: String

    /// A failure with its reason.
    public init(reason: String) {
        self.reason = reason
    }
}
