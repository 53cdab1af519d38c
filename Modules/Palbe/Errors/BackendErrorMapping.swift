import ErrorCore
import Foundation
import SDKTransport

/// The one place where a failed exchange becomes a ``BackendError``: an HTTP status with its
/// headers and body, or a transport failure. Pure functions, so the golden vectors in
/// `Specs/vectors/backend-errors.json` can check every rule without a network.
package enum BackendErrorMapping {
    /// The error for a non-2xx response.
    ///
    /// - Parameters:
    ///   - status: the HTTP status.
    ///   - header: the response's headers, by name (case-insensitive lookup is the caller's).
    ///   - body: the (unsealed) body, or `nil` when it is not in hand (it could not be unsealed).
    ///     An empty body counts as not in hand: there is nothing to read.
    package static func error(status: Int, body: Data?, header: (String) -> String?) -> BackendError {
        let bodyInHand = body.flatMap { $0.isEmpty ? nil : $0 }
        let envelope = PalbaseErrorEnvelope(status: status, body: bodyInHand ?? Data(), header: header)
        switch status {
        case 400:
            if bodyInHand == nil {
                return .validation(
                    ValidationFailure(
                        code: envelope.code, message: envelope.message, fields: [], requestId: envelope.requestID))
            }
            let fieldErrors = envelope.details.map(fieldErrors(in:)) ?? []
            if envelope.code == "validation_error" || !fieldErrors.isEmpty {
                return .validation(
                    ValidationFailure(
                        code: envelope.code, message: envelope.message, fields: fieldErrors,
                        requestId: envelope.requestID))
            }
        case 401:
            let failure = AuthFailure(code: envelope.code, message: envelope.message, requestId: envelope.requestID)
            return envelope.code == "app_attest_required" ? .appAttestRequired(failure) : .unauthorized(failure)
        case 429:
            let generic = envelope.code == "rate_limited" || envelope.code == PalbaseErrorEnvelope.unknownCode
            if generic && envelope.data == nil {
                return .rateLimited(
                    RateLimitInfo(
                        retryAfter: envelope.retryAfter, message: envelope.message, requestId: envelope.requestID))
            }
        default:
            break
        }
        return .server(
            ServerFailure(
                code: envelope.code, message: envelope.message, statusCode: status, requestId: envelope.requestID,
                details: envelope.details, data: envelope.data))
    }

    /// The error for a non-2xx response with ErrorCore's headers.
    package static func error(status: Int, headers: HTTPHeaders, body: Data?) -> BackendError {
        error(status: status, body: body) { headers[$0] }
    }

    /// The error for a failure that produced no usable response: ``BackendError/network(_:)`` when
    /// the network failed to carry the exchange, ``BackendError/transport(_:)`` for everything else.
    package static func error(for failure: TransportError) -> BackendError {
        let payload = TransportFailure(
            message: failure.message, urlErrorCode: failure.code, requestSent: failure.requestSent,
            underlying: failure)
        return isNetworkFailure(failure.code) ? .network(payload) : .transport(payload)
    }

    /// Whether a `URLError` code means "the network did not carry the exchange": offline, a name
    /// that does not resolve, a connection refused, cut or timed out. Everything else (TLS, an
    /// unusable URL, a response the transport could not use) is a transport failure.
    package static func isNetworkFailure(_ code: URLError.Code) -> Bool {
        switch code {
        case .notConnectedToInternet, .networkConnectionLost, .timedOut, .cannotConnectToHost, .cannotFindHost,
            .dnsLookupFailed, .internationalRoamingOff, .callIsActive, .dataNotAllowed:
            true
        default:
            false
        }
    }

    /// The per-field entries of an open `details` array: objects with a string `field`; a missing or
    /// non-string `message` reads as empty.
    static func fieldErrors(in details: [AnyCodableValue]) -> [FieldError] {
        details.compactMap { entry in
            guard let object = entry.objectValue, let field = object["field"]?.stringValue else { return nil }
            return FieldError(field: field, message: object["message"]?.stringValue ?? "")
        }
    }
}
