import EmulatorCore
import ErrorCore
import Foundation
import HTTPServer

/// A Purse error answer: `application/problem+json` with `error_code`, `request_id`, optional `errors` and
/// `data`, as the contract's "Errors" section describes.
struct PurseAPIError: Error {
    let status: Int
    let code: String
    let detail: String
    var errors: [(pointer: String, detail: String)] = []
    var data: AnyCodableValue?
    var headers: [(String, String)] = []

    /// The response for a request to `path` with the platform's `requestID`.
    func response(path: String, requestID: String) -> HTTPServerResponse {
        var body: [String: AnyCodableValue] = [
            "type": .string("about:blank"), "title": .string(Self.title(status)), "status": .int(status),
            "detail": .string(detail), "instance": .string(path), "error_code": .string(code),
            "request_id": .string(requestID),
        ]
        if !errors.isEmpty {
            body["errors"] = .array(
                errors.map { .object(["pointer": .string($0.pointer), "detail": .string($0.detail)]) })
        }
        if let data { body["data"] = data }
        var responseHeaders = HTTPHeaders()
        responseHeaders.set("Content-Type", "application/problem+json")
        for (name, value) in headers { responseHeaders.set(name, value) }
        return HTTPServerResponse(
            status: status, headers: responseHeaders, body: AnyCodableValue.object(body).jsonData)
    }

    private static func title(_ status: Int) -> String {
        switch status {
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 409: "Conflict"
        case 410: "Gone"
        case 422: "Unprocessable Entity"
        default: "Internal Server Error"
        }
    }

    // MARK: - The contract's errors

    static let notFound = PurseAPIError(status: 404, code: "API_404", detail: "No such route or session")
    static let unauthorized = PurseAPIError(
        status: 401, code: "UNAUTHORIZED", detail: "Missing or invalid credentials")
    static let sessionExpired = PurseAPIError(status: 410, code: "SESSION_EXPIRED", detail: "The session has expired")
    static let keyInUse = PurseAPIError(
        status: 409, code: "IDEMPOTENCY_KEY_IN_USE", detail: "A request with this Idempotency-Key is still executing",
        headers: [("Retry-After", "1")])
    static let keyMismatch = PurseAPIError(
        status: 422, code: "IDEMPOTENCY_KEY_MISMATCH",
        detail: "This Idempotency-Key was used with another request body")
    static let internalError = PurseAPIError(status: 500, code: "INTERNAL_ERROR", detail: "Internal emulator error")

    static func methodNotAllowed(_ allowed: String) -> PurseAPIError {
        PurseAPIError(
            status: 405, code: "API_404", detail: "Method not allowed here", headers: [("Allow", allowed)])
    }

    /// 400 `INVALID_INIT_PARAMS` naming the offending field.
    static func invalidParams(_ pointer: String, _ detail: String) -> PurseAPIError {
        PurseAPIError(
            status: 400, code: "INVALID_INIT_PARAMS", detail: "The request is invalid",
            errors: [(pointer, detail)])
    }

    /// 400 `INVALID_CARD` naming the offending card field (never echoing its value).
    static func invalidCard(_ pointer: String, _ detail: String) -> PurseAPIError {
        PurseAPIError(status: 400, code: "INVALID_CARD", detail: "The card is invalid", errors: [(pointer, detail)])
    }

    /// 409 `SESSION_ALREADY_SUBMITTED_ERROR` with the stored outcome (the first `validate`'s answer) in `data`.
    static func alreadySubmitted(outcome: AnyCodableValue?) -> PurseAPIError {
        PurseAPIError(
            status: 409, code: "SESSION_ALREADY_SUBMITTED_ERROR", detail: "The session already took a payment",
            data: outcome ?? .null)
    }
}
