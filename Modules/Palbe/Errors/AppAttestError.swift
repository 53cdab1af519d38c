import Foundation

/// Why this device could not attest a request a route demanded attestation for.
///
/// You normally never see it: what reaches a caller is
/// ``BackendError/attestationUnavailable(_:)``, whose ``AttestationFailure/reason`` is this error's
/// ``message``. Like ``AppConfigError`` it sits outside ``PalbaseError``: it has no code, status or
/// request id.
public enum AppAttestError: Error, Sendable, Equatable {
    /// This device has no App Attest: the Simulator, a Mac, Linux, some app extensions.
    case unsupported(reason: String)
    /// The device could not generate or attest its App Attest key.
    case attestationFailed(reason: String)
    /// The server refused to register the attested key, or could not be reached to register it.
    case enrollmentFailed(reason: String)
    /// No challenge could be fetched from `GET /auth/attest/challenge`.
    case challengeUnavailable(reason: String)
    /// No assertion could be made for the request.
    case malformedAssertion(reason: String)

    /// The detail: what failed, in words.
    public var reason: String {
        switch self {
        case .unsupported(let reason), .attestationFailed(let reason), .enrollmentFailed(let reason),
            .challengeUnavailable(let reason), .malformedAssertion(let reason):
            reason
        }
    }

    /// What went wrong, then the ``reason``: the text ``AttestationFailure/reason`` carries.
    public var message: String {
        switch self {
        case .unsupported(let reason): "This device cannot use App Attest: \(reason)"
        case .attestationFailed(let reason): "The device could not attest its App Attest key: \(reason)"
        case .enrollmentFailed(let reason): "The App Attest key could not be registered: \(reason)"
        case .challengeUnavailable(let reason): "No App Attest challenge could be fetched: \(reason)"
        case .malformedAssertion(let reason): "No App Attest assertion could be made: \(reason)"
        }
    }
}

extension AppAttestError: LocalizedError {
    /// The same text as ``message``.
    public var errorDescription: String? { message }
}

extension BackendError {
    /// What a call throws when it needed an assertion and `error` stopped it.
    static func attestationUnavailable(_ error: AppAttestError) -> BackendError {
        .attestationUnavailable(AttestationFailure(reason: error.message))
    }
}
