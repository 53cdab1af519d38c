import Foundation

/// The Chatbase error body of a non-2xx response, read tolerantly:
/// `{"error": {"code", "message", "details": {"field": "message", …}}}`.
///
/// Reading never fails, and the status is always kept:
/// - ``code``: `error.code`, else ``unknownCode`` (`UNKNOWN`) — also for a body that cannot be
///   read at all.
/// - ``message``: `error.message`; when the body has no `error` object, the body's text (trimmed,
///   first 500 characters, only if it is valid UTF-8) so an HTML page from a proxy still says
///   something; else empty.
/// - ``details``: `error.details` when it is an object. String values are kept; any other value is
///   written as compact JSON (`3`, `1.5`, `true`, `null`, `["a"]`, `{"max":20}`), see
///   ``AnyCodableValue/jsonText``. A `details` that is not an object is dropped (`nil`).
/// - ``retryAfter``: the `Retry-After` header in seconds (sent with 429).
package struct ChatbaseErrorEnvelope: Sendable, Equatable {
    /// The code used when the body carries none.
    package static let unknownCode = "UNKNOWN"
    /// The longest body text kept as the message of an unreadable body.
    package static let bodyTextLimit = 500

    /// The server's code (`CHAT_CREDITS_EXHAUSTED`), or ``unknownCode``.
    package var code: String
    /// The developer-facing message, possibly empty.
    package var message: String
    /// Which fields were wrong, values stringified.
    package var details: [String: String]?
    /// The HTTP status of the response.
    package var status: Int
    /// The `Retry-After` header in seconds, when present and readable (see ``RetryAfter``).
    package var retryAfter: Int?
    /// Whether the body held an `error` object.
    package var hasEnvelope: Bool

    /// An envelope from its parts, for tests and emulators.
    package init(
        code: String, message: String, details: [String: String]? = nil, status: Int, retryAfter: Int? = nil,
        hasEnvelope: Bool = true
    ) {
        self.code = code
        self.message = message
        self.details = details
        self.status = status
        self.retryAfter = retryAfter
        self.hasEnvelope = hasEnvelope
    }

    /// Reads the error body of a response; header names are matched case-insensitively.
    package init(status: Int, headers: [String: String], body: Data) {
        self.init(status: status, body: body) { ErrorBody.header($0, in: headers) }
    }

    /// Reads the error body of a response, asking `header` for `Retry-After`.
    package init(status: Int, body: Data, header: (String) -> String?) {
        let error = ErrorBody.jsonObject(body)?["error"]?.objectValue
        let details = error?["details"]?.objectValue?.mapValues { value in
            value.stringValue ?? value.jsonText
        }
        self.init(
            code: ErrorBody.nonBlankString(error?["code"]) ?? Self.unknownCode,
            message: error.map { $0["message"]?.stringValue ?? "" }
                ?? ErrorBody.text(body, limit: Self.bodyTextLimit) ?? "",
            details: details,
            status: status,
            retryAfter: RetryAfter.seconds(from: header("Retry-After")),
            hasEnvelope: error != nil
        )
    }
}
