import ErrorCore
import Foundation
import HTTPServer

/// The error body a mounted service answers with, so platform-made errors (unknown route under an unmounted
/// prefix, injected status faults) look like that service's own.
package enum EmulatorErrorShape: Sendable, Equatable {
    /// The Palbase envelope `{"error","error_description","status","request_id","details","data"}`.
    case palbase
    /// Chatbase `{"error":{"code","message"}}`.
    case chatbase
    /// Purse `application/problem+json` `{"type","title","status","detail","instance","error_code","request_id"}`.
    case purse

    /// The code this service uses for an unknown route.
    package var notFoundCode: String {
        switch self {
        case .palbase: "not_found"
        case .chatbase: "RESOURCE_NOT_FOUND"
        case .purse: "API_404"
        }
    }

    /// The code this service uses for an unexpected server failure.
    package var internalErrorCode: String {
        switch self {
        case .palbase: "internal_error"
        case .chatbase: "INTERNAL_SERVER_ERROR"
        case .purse: "INTERNAL_ERROR"
        }
    }

    /// A complete error response in this shape, with `X-Request-Id`.
    package func response(
        status: Int, code: String, message: String, path: String, requestID: String, headers: [(String, String)] = []
    ) -> HTTPServerResponse {
        let body: AnyCodableValue
        var contentType = "application/json"
        switch self {
        case .palbase:
            let error = PalbaseHTTPError(status: status, code: code, description: message, headers: headers)
            return PalbaseEnvelope.response(for: error, requestID: requestID)
        case .chatbase:
            body = .object(["error": .object(["code": .string(code), "message": .string(message)])])
        case .purse:
            contentType = "application/problem+json"
            body = .object([
                "type": .string("about:blank"), "title": .string(Self.reasonPhrase(status)), "status": .int(status),
                "detail": .string(message), "instance": .string(path), "error_code": .string(code),
                "request_id": .string(requestID),
            ])
        }
        var responseHeaders = HTTPHeaders()
        responseHeaders.set("Content-Type", contentType)
        responseHeaders.set("X-Request-Id", requestID)
        for (name, value) in headers { responseHeaders.set(name, value) }
        let data = (try? EmulatorJSON.encode(body)) ?? Data()
        return HTTPServerResponse(status: status, headers: responseHeaders, body: data)
    }

    private static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 409: "Conflict"
        case 410: "Gone"
        case 422: "Unprocessable Entity"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        default: "HTTP \(status)"
        }
    }
}
