import Foundation

/// The Purse error body of a non-2xx response: RFC 9457 problem details
/// (`application/problem+json`) with Purse's members, read tolerantly with the contract's
/// fallbacks.
///
/// `{"type","title","status","detail","instance","error_code","request_id",
/// "errors":[{"pointer","detail"}],"data"}`
///
/// Reading never fails; each member counts only when it has the expected JSON type:
/// - ``code``: `error_code`; else a string `error` that looks like a code (upper-case letters,
///   digits and `_`, starting with a letter: `SESSION_EXPIRED`, `API_404`); else
///   ``unknownCode`` (`UNKNOWN_ERROR`).
/// - ``message``: `detail`; else `title`; else a string `error` that does not look like a code
///   (`{"error": "Session not found"}`); else, when the body carries no `error_code` or `error`
///   at all, the raw body text (trimmed, first 500 characters, only if valid UTF-8 — so a proxy's
///   HTML page or a JSON shape nobody expected still says something); else the system's
///   description of the status (`Gone`).
/// - ``requestID``: `request_id`, else the `X-Request-ID` header.
/// - ``status``: always the HTTP status of the response.
///
/// ``source`` says which step produced the message.
package struct PurseErrorEnvelope: Sendable, Equatable {
    /// Where ``PurseErrorEnvelope/message`` came from.
    package enum Source: Sendable, Equatable {
        /// The problem-details members `detail` or `title`.
        case problemDetails
        /// The fallback `{"error": "…"}` body (a code-like `error` leaves the status description as
        /// the message).
        case errorField
        /// The raw body text.
        case rawBody
        /// The body held no message: it is the system's description of the status.
        case none
    }

    /// One entry of `errors`: a JSON pointer into the request and what is wrong there.
    package struct FieldProblem: Sendable, Equatable {
        /// The JSON pointer (`/items/0/amount`); empty when the server sent none.
        package var pointer: String
        /// What is wrong; empty when the server sent nothing.
        package var detail: String

        /// A field problem from its parts.
        package init(pointer: String, detail: String) {
            self.pointer = pointer
            self.detail = detail
        }
    }

    /// The code used when the body carries none.
    package static let unknownCode = "UNKNOWN_ERROR"
    /// The longest raw body text kept as the message.
    package static let bodyTextLimit = 500

    /// The API's code (`SESSION_EXPIRED`), or ``unknownCode``.
    package var code: String
    /// A developer-facing message; never empty.
    package var message: String
    /// The HTTP status of the response.
    package var status: Int
    /// The server's correlation id, from the body or the `X-Request-ID` header.
    package var requestID: String?
    /// The problem type URI.
    package var type: String?
    /// The short summary.
    package var title: String?
    /// The explanation of this occurrence.
    package var detail: String?
    /// The URI of this occurrence.
    package var instance: String?
    /// The per-field problems; entries that are not objects are skipped.
    package var errors: [FieldProblem]
    /// The open payload (the stored outcome of `SESSION_ALREADY_SUBMITTED_ERROR`), keys as on the
    /// wire; `nil` when absent or `null`.
    package var data: AnyCodableValue?
    /// The `Retry-After` header in seconds, when present and readable (see ``RetryAfter``).
    package var retryAfter: Int?
    /// Which fallback step produced ``message``.
    package var source: Source

    /// An envelope from its parts, for tests and emulators.
    package init(
        code: String, message: String, status: Int, requestID: String? = nil, type: String? = nil,
        title: String? = nil, detail: String? = nil, instance: String? = nil, errors: [FieldProblem] = [],
        data: AnyCodableValue? = nil, retryAfter: Int? = nil, source: Source = .problemDetails
    ) {
        self.code = code
        self.message = message
        self.status = status
        self.requestID = requestID
        self.type = type
        self.title = title
        self.detail = detail
        self.instance = instance
        self.errors = errors
        self.data = data
        self.retryAfter = retryAfter
        self.source = source
    }

    /// Reads the error body of a response; header names are matched case-insensitively.
    package init(status: Int, headers: [String: String], body: Data) {
        self.init(status: status, body: body) { ErrorBody.header($0, in: headers) }
    }

    /// Reads the error body of a response, asking `header` for `X-Request-ID` and `Retry-After`.
    package init(status: Int, body: Data, header: (String) -> String?) {
        let object = ErrorBody.jsonObject(body)
        let detail = ErrorBody.nonBlankString(object?["detail"])
        let title = ErrorBody.nonBlankString(object?["title"])
        let errorField = ErrorBody.nonBlankString(object?["error"])
        let errorFieldIsCode = errorField.map(Self.looksLikeCode) ?? false

        let errorCode = ErrorBody.nonBlankString(object?["error_code"])
        let message: String
        let source: Source
        if let problemMessage = detail ?? title {
            (message, source) = (problemMessage, .problemDetails)
        } else if let errorField {
            (message, source) = (errorFieldIsCode ? ErrorBody.statusText(status) : errorField, .errorField)
        } else if errorCode == nil, let text = ErrorBody.text(body, limit: Self.bodyTextLimit) {
            (message, source) = (text, .rawBody)
        } else {
            (message, source) = (ErrorBody.statusText(status), .none)
        }

        self.init(
            code: errorCode ?? (errorFieldIsCode ? errorField : nil) ?? Self.unknownCode,
            message: message,
            status: status,
            requestID: ErrorBody.nonBlankString(object?["request_id"])
                ?? ErrorBody.nonBlank(header("X-Request-ID")),
            type: ErrorBody.nonBlankString(object?["type"]),
            title: title,
            detail: detail,
            instance: ErrorBody.nonBlankString(object?["instance"]),
            errors: (object?["errors"]?.arrayValue ?? []).compactMap { entry in
                guard let entry = entry.objectValue else { return nil }
                return FieldProblem(
                    pointer: entry["pointer"]?.stringValue ?? "", detail: entry["detail"]?.stringValue ?? "")
            },
            data: object?["data"]?.nonNull,
            retryAfter: RetryAfter.seconds(from: header("Retry-After")),
            source: source
        )
    }

    /// Whether `text` reads as a Purse error code rather than a sentence.
    static func looksLikeCode(_ text: String) -> Bool {
        guard let first = text.utf8.first, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first),
            text.utf8.count <= 100
        else { return false }
        return text.utf8.allSatisfy { byte in
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
        }
    }
}
