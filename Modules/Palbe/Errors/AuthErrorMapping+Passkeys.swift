import Foundation

extension AuthErrorMapping {
    /// The error for an authenticator that produced nothing. A dismissed sheet is
    /// ``AuthError/invalidCredentials(message:)`` with the passkey ceremony's cancellation message,
    /// which ``AuthNamespace/wasCanceled(_:)`` recognises; a device without a passkey for the host is
    /// `invalidCredentials` too (there is no credential to present). A failing authenticator sent
    /// nothing, like a body that could not be sealed: ``AuthError/network(message:)``.
    package static func error(for failure: PasskeyAuthenticatorError) -> AuthError {
        switch failure {
        case .cancelled:
            .invalidCredentials(message: AuthNamespace.passkeyCancellationMessage)
        case .noCredential(let rpID):
            .invalidCredentials(message: "There is no passkey for \(rpID) on this device")
        case .failed(let reason):
            .network(message: "The passkey could not be used: \(reason); nothing was sent")
        }
    }
}
