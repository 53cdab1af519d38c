import ErrorCore
import Foundation
import SDKTransport

// The one place a failure of an auth request becomes an ``AuthError``.

// MARK: - AuthErrorMapping

/// The one place where a failed auth exchange becomes an ``AuthError``. Pure functions over what
/// ``BackendErrorMapping`` already reads from a response, so the golden vectors in
/// `Specs/vectors/auth-errors.json` check every rule without a network, and the two mappings can
/// never disagree about a code, a message or a request id.
package enum AuthErrorMapping {
    /// The codes that mean the credentials presented are wrong.
    package static let invalidCredentialCodes: Set<String> = ["invalid_credentials"]

    /// The error for a non-2xx response (`body` as in ``BackendErrorMapping/error(status:body:header:)``).
    package static func error(status: Int, body: Data?, header: (String) -> String?) -> AuthError {
        error(
            for: BackendErrorMapping.error(status: status, body: body, header: header), status: status,
            retryAfter: RetryAfter.seconds(from: header("Retry-After")))
    }

    /// The error for `failure`, which an exchange ended with; `status` and `retryAfter` are the
    /// rejected response's, when it ended on one.
    package static func error(for failure: BackendError, status: Int? = nil, retryAfter: Int? = nil) -> AuthError {
        if status == 429 || failure.statusCode == 429 {
            if case .rateLimited(let info) = failure { return .rateLimited(retryAfter: info.retryAfter ?? retryAfter) }
            return .rateLimited(retryAfter: retryAfter)
        }
        switch failure {
        case .notConfigured:
            return .notConfigured
        case .unauthorized(let auth), .appAttestRequired(let auth):
            if invalidCredentialCodes.contains(auth.code) { return .invalidCredentials(message: auth.message) }
            // The three OTP failures arrive as invalidCredentials, told apart by the SDK's message for each.
            if let otp = AuthError.OTPFailure(code: auth.code) { return .invalidCredentials(message: otp.message) }
            return .http(status: 401, code: auth.code, message: auth.message, requestId: auth.requestId)
        case .server(let server) where server.code == "oauth_cancelled":
            // A dismissal is not a failure to report: invalidCredentials, as the page says, with the provider's
            // message (which wasCanceled(_:) reads) and the code oauth_cancelled kept in AuthError.code.
            return .invalidCredentials(message: server.message)
        case .server(let server):
            return .http(
                status: server.statusCode, code: server.code, message: server.message, requestId: server.requestId)
        case .validation(let validation):
            return .http(
                status: 400, code: validation.code, message: validation.message, requestId: validation.requestId)
        case .rateLimited(let info):
            return .rateLimited(retryAfter: info.retryAfter ?? retryAfter)
        case .network(let transport), .transport(let transport):
            return .network(message: transport.message)
        case .encode(let codec):
            return .network(message: codec.message)
        case .decode(let codec):
            return .http(status: status ?? 200, code: failure.code, message: codec.message, requestId: codec.requestId)
        case .mediaUnavailable, .attestationUnavailable:
            return .network(message: failure.errorDescription ?? failure.code)
        }
    }

    /// `delivery`'s body as `type`; a mismatch is ``AuthError/http(status:code:message:requestId:)``
    /// with code `decoding_error` and the response's status and request id.
    package static func decode<O: Decodable>(_ delivery: Delivery, as type: O.Type) throws(AuthError) -> O {
        do {
            return try delivery.decoded(as: type)
        } catch {
            throw Self.error(for: error, status: delivery.status)
        }
    }

    /// The error for a failure that produced no usable response.
    package static func error(for failure: TransportError) -> AuthError {
        error(for: BackendErrorMapping.error(for: failure))
    }
}

// MARK: - AuthErrorMapping+Passkeys

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
