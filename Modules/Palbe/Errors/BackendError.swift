import ErrorCore
import Foundation

// ``BackendError``, every call's one error type, and ``PalbaseError``, what a server error says.

// MARK: - BackendError

/// Everything that can go wrong calling your backend, in twelve cases, each with a single struct
/// payload so the server can add a field without breaking your `switch`.
///
/// How a response becomes a case:
/// - no response (offline, timeout, connection lost) → ``network(_:)``; any other transport-level
///   failure (TLS, an unusable URL, a body that had to be sealed and could not be, a request
///   cancelled or rejected before sending) → ``transport(_:)``;
/// - a 2xx body that does not decode as the expected type → ``decode(_:)``; an input that does not
///   encode → ``encode(_:)``, and nothing is sent;
/// - 400 with code `validation_error`, or with per-field `details` (`schema_validation_failed`) →
///   ``validation(_:)``; a 400 whose body is not in hand → ``validation(_:)`` with no fields. A
///   `bad_request` from backend boundary validation puts its list under `fields`, where the SDK
///   does not look: it arrives as ``server(_:)`` with `code == "bad_request"`;
/// - 401 → ``unauthorized(_:)`` (after the SDK's one refresh-and-replay when a session exists);
///   401 `app_attest_required` → the SDK attests and retries once; a second one →
///   ``appAttestRequired(_:)``, a device that cannot attest → ``attestationUnavailable(_:)``;
/// - 429 with code `rate_limited` (or no envelope) and no `data` → ``rateLimited(_:)``; any other
///   429, such as a declared `todo_quota_exceeded`, → ``server(_:)`` so its generated enum can lift it;
/// - every other status → ``server(_:)``. There are no `.forbidden` or `.notFound` cases: match
///   `failure.code`.
///
/// Before any `BackendError` is thrown, the hook installed with ``PalbeClient/configure(onError:)`` sees
/// it exactly once.
public enum BackendError: PalbaseError {
    /// No usable configuration for this client (an unusable base URL or a blank API key).
    case notConfigured
    /// A call that needs PalbeCall, which is not linked or was not enabled.
    case mediaUnavailable
    /// A structured error from the backend, any status.
    case server(ServerFailure)
    /// A 400 carrying per-field errors.
    case validation(ValidationFailure)
    /// A 429: the generic rate limit.
    case rateLimited(RateLimitInfo)
    /// A 401, after the SDK already tried a refresh.
    case unauthorized(AuthFailure)
    /// A 401 demanding App Attest, after the retry failed too.
    case appAttestRequired(AuthFailure)
    /// A route demanded App Attest and this device could not attest (see ``AppAttestError``);
    /// nothing more was sent.
    case attestationUnavailable(AttestationFailure)
    /// No response: offline, timeout, connection lost.
    case network(TransportFailure)
    /// Any other transport-level failure.
    case transport(TransportFailure)
    /// The response did not match the expected type.
    case decode(CodecFailure)
    /// The request could not be encoded; nothing was sent.
    case encode(CodecFailure)

    /// The stable snake_case code: the server's own code for ``server(_:)``, otherwise one of
    /// `not_configured`, `media_unavailable`, `validation_error`, `rate_limited`, `unauthorized`,
    /// `app_attest_required`, `attestation_unavailable`, `network_error`, `transport_error`,
    /// `decoding_error`, `encoding_error`.
    public var code: String {
        switch self {
        case .notConfigured: "not_configured"
        case .mediaUnavailable: "media_unavailable"
        case .server(let failure): failure.code
        case .validation: "validation_error"
        case .rateLimited: "rate_limited"
        case .unauthorized: "unauthorized"
        case .appAttestRequired: "app_attest_required"
        case .attestationUnavailable: "attestation_unavailable"
        case .network: "network_error"
        case .transport: "transport_error"
        case .decode: "decoding_error"
        case .encode: "encoding_error"
        }
    }

    /// The server's status for ``server(_:)``, 400 for ``validation(_:)``, 429 for
    /// ``rateLimited(_:)``, 401 for the two auth cases, `nil` for everything else.
    public var statusCode: Int? {
        switch self {
        case .server(let failure): failure.statusCode
        case .validation: 400
        case .rateLimited: 429
        case .unauthorized, .appAttestRequired: 401
        case .notConfigured, .mediaUnavailable, .attestationUnavailable, .network, .transport, .decode, .encode:
            nil
        }
    }

    /// The server's correlation id (`req_…`) when a response carried one.
    public var requestId: String? {
        switch self {
        case .server(let failure): failure.requestId
        case .validation(let failure): failure.requestId
        case .rateLimited(let info): info.requestId
        case .unauthorized(let failure), .appAttestRequired(let failure): failure.requestId
        case .decode(let failure): failure.requestId
        case .notConfigured, .mediaUnavailable, .attestationUnavailable, .network, .transport, .encode: nil
        }
    }

    /// The transport or coding error behind ``network(_:)``, ``transport(_:)``, ``decode(_:)`` and
    /// ``encode(_:)``.
    public var underlyingError: (any Error)? {
        switch self {
        case .network(let failure), .transport(let failure): failure.underlying
        case .decode(let failure), .encode(let failure): failure.underlying
        default: nil
        }
    }
}

extension BackendError {
    /// A printable description. Do not show it to users for ``notConfigured`` and
    /// ``mediaUnavailable``: their texts are the shipped, stale ones the documentation warns about
    /// (the first names an API no app can call, the second is untranslated Turkish). Switch on
    /// ``code`` and write your own copy instead.
    public var errorDescription: String? {
        switch self {
        case .notConfigured: "Not configured. Call pb.configure(apiKey:) first."
        case .mediaUnavailable: "Medya kullanılamıyor: PalbeCall bağlı değil ya da PalbeCall.enable() çağrılmadı."
        case .server(let failure): failure.message
        case .validation(let failure): failure.message
        case .rateLimited(let info): info.message
        case .unauthorized(let failure), .appAttestRequired(let failure): failure.message
        case .attestationUnavailable(let failure): failure.reason
        case .network(let failure), .transport(let failure): failure.message
        case .decode(let failure), .encode(let failure): failure.message
        }
    }
}

// MARK: - PalbaseError

/// The uniform accessors shared by every error Palbe throws (`BackendError`, `AuthError`), so
/// logging and crash reporting never need a switch.
///
/// ```swift
/// func report(_ error: any PalbaseError) {
///     logger.error("call failed code=\(error.code) status=\(error.statusCode ?? 0) request=\(error.requestId ?? "-")")
/// }
/// ```
///
/// It refines ErrorCore's `SDKError`, so an app that also uses the other SDKs can report all of
/// their errors through one function.
public protocol PalbaseError: SDKError, LocalizedError {
    /// A stable snake_case id, e.g. `"todo_locked"`, `"rate_limited"`.
    var code: String { get }
    /// The HTTP status, when one applies.
    var statusCode: Int? { get }
    /// The server's correlation id, when one is known.
    var requestId: String? { get }
}

extension PalbaseError {
    /// Always `"palbe"`.
    public var sdkName: String { "palbe" }
    /// The same value as ``code``.
    public var errorCode: String { code }
    /// The same value as ``statusCode``.
    public var httpStatus: Int? { statusCode }
    /// The same value as ``requestId``.
    public var serverRequestID: String? { requestId }
}
