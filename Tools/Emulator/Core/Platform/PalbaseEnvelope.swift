import ErrorCore
import Foundation
import HTTPServer

/// Renders `PalbaseHTTPError`s as the contract's error envelope.
package enum PalbaseEnvelope {
    /// `{"error","error_description","status","request_id","details","data"}` plus the error's extra
    /// top-level members (which never replace the standard ones); keys sorted.
    package static func body(for error: PalbaseHTTPError, requestID: String?) -> Data {
        var object = error.extraTopLevel
        object["error"] = .string(error.code)
        object["error_description"] = .string(error.description)
        object["status"] = .int(error.status)
        object["request_id"] = requestID.map(AnyCodableValue.string) ?? .null
        object["details"] = error.details ?? .null
        object["data"] = error.data ?? .null
        // Encoding a tree of plain JSON values cannot fail; the fallback keeps the signature total.
        return (try? EmulatorJSON.encode(AnyCodableValue.object(object))) ?? Data(#"{"error":"internal_error"}"#.utf8)
    }

    /// The full response for `error`: envelope body, JSON content type, the error's headers, and
    /// `X-Request-Id` when known.
    package static func response(for error: PalbaseHTTPError, requestID: String?) -> HTTPServerResponse {
        var headers = HTTPHeaders()
        headers.set("Content-Type", "application/json")
        if let requestID { headers.set("X-Request-Id", requestID) }
        for (name, value) in error.headers { headers.set(name, value) }
        return HTTPServerResponse(status: error.status, headers: headers, body: body(for: error, requestID: requestID))
    }
}

extension PalbaseHTTPError {
    /// 404 `not_found`.
    package static func notFound(_ path: String) -> PalbaseHTTPError {
        PalbaseHTTPError(status: 404, code: "not_found", description: "No route for \(path)")
    }

    /// 405 `method_not_allowed` with an `Allow` header.
    package static func methodNotAllowed(_ method: String, allowed: [String]) -> PalbaseHTTPError {
        PalbaseHTTPError(
            status: 405, code: "method_not_allowed", description: "\(method) is not allowed here",
            headers: [("Allow", allowed.joined(separator: ", "))])
    }

    /// 400 `bad_request`.
    package static func badRequest(_ description: String) -> PalbaseHTTPError {
        PalbaseHTTPError(status: 400, code: "bad_request", description: description)
    }
}
