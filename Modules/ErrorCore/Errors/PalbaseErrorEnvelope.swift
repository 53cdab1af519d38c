import Foundation

/// The Palbase error envelope of a non-2xx response, read tolerantly:
/// `{error, error_description, status, request_id, details, data}`, plus the top-level `fields`
/// that backend boundary validation (`bad_request`) sends.
///
/// Reading never fails. Each member is taken only when it has the expected JSON type; a member
/// that is missing, `null` or of another type is treated as absent, and the others still count.
/// Unknown members are ignored.
///
/// - ``code``: `error`, else ``unknownCode`` (`unknown_error`).
/// - ``message``: `error_description`, else a string `message`, else the system's description of
///   the status (`HTTPURLResponse.localizedString(forStatusCode:)`, e.g. `Conflict`).
/// - ``status``: always the HTTP status of the response (the body's `status` is not trusted over it).
/// - ``requestID``: `request_id`, else the `X-Request-Id` header.
///
/// A body that is not a JSON object (empty, HTML, `null`, `[]`, invalid UTF-8, truncated JSON)
/// means "no envelope": ``hasEnvelope`` is `false` and the fallbacks above apply.
package struct PalbaseErrorEnvelope: Sendable, Equatable {
    /// The code used when the response carries none.
    package static let unknownCode = "unknown_error"

    /// The server's stable snake_case code (`todo_locked`), or ``unknownCode``.
    package var code: String
    /// The server's description, or the system's description of the status.
    package var message: String
    /// The HTTP status of the response.
    package var status: Int
    /// The server's correlation id (`req_…`), from the body or the `X-Request-Id` header.
    package var requestID: String?
    /// The open `details` array (`[{"field","message"}]`, `[{"current_epoch": 7}]`, …), keys as on
    /// the wire; `nil` when absent, `null` or not an array.
    package var details: [AnyCodableValue]?
    /// The typed payload of a declared error, keys as on the wire; `nil` when absent or `null`.
    package var data: AnyCodableValue?
    /// The per-field list that boundary validation puts at the top level; `nil` when absent or
    /// `null`.
    package var fields: AnyCodableValue?
    /// The `Retry-After` header in seconds, when present and readable (see ``RetryAfter``).
    package var retryAfter: Int?
    /// Whether the body was a JSON object at all.
    package var hasEnvelope: Bool

    /// An envelope from its parts, for tests and emulators.
    package init(
        code: String, message: String, status: Int, requestID: String? = nil, details: [AnyCodableValue]? = nil,
        data: AnyCodableValue? = nil, fields: AnyCodableValue? = nil, retryAfter: Int? = nil, hasEnvelope: Bool = true
    ) {
        self.code = code
        self.message = message
        self.status = status
        self.requestID = requestID
        self.details = details
        self.data = data
        self.fields = fields
        self.retryAfter = retryAfter
        self.hasEnvelope = hasEnvelope
    }

    /// Reads the envelope of a response; header names are matched case-insensitively.
    package init(status: Int, headers: [String: String], body: Data) {
        self.init(status: status, body: body) { ErrorBody.header($0, in: headers) }
    }

    /// Reads the envelope of a response, asking `header` for `X-Request-Id` and `Retry-After`.
    package init(status: Int, body: Data, header: (String) -> String?) {
        let object = ErrorBody.jsonObject(body)
        self.init(
            code: ErrorBody.nonBlankString(object?["error"]) ?? Self.unknownCode,
            message: ErrorBody.nonBlankString(object?["error_description"])
                ?? ErrorBody.nonBlankString(object?["message"]) ?? ErrorBody.statusText(status),
            status: status,
            requestID: ErrorBody.nonBlankString(object?["request_id"])
                ?? ErrorBody.nonBlank(header("X-Request-Id")),
            details: object?["details"]?.arrayValue,
            data: object?["data"]?.nonNull,
            fields: object?["fields"]?.nonNull,
            retryAfter: RetryAfter.seconds(from: header("Retry-After")),
            hasEnvelope: object != nil
        )
    }
}
