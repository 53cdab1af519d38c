/// One rejected input field: which one, and why.
public struct FieldError: Sendable, Equatable, Decodable {
    /// The field's path as the server names it (`title`, `tags.2`).
    public let field: String
    /// What is wrong with it.
    public let message: String

    /// A field error from its parts.
    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }
}

/// The payload of ``BackendError/validation(_:)``: a 400 carrying per-field errors.
///
/// It comes from a 400 with code `validation_error`, from a Palbase module that sends per-field
/// `details` (Documents' `schema_validation_failed`), or from a 400 whose body was not in hand
/// (then ``fields`` is empty). Backend boundary validation (`bad_request`) does not produce it; see
/// ``BackendError``.
public struct ValidationFailure: Sendable, Equatable {
    /// The server's code (`validation_error`, `schema_validation_failed`); `unknown_error` when
    /// the body was not in hand.
    public let code: String
    /// The server's description, or the system's description of 400.
    public let message: String
    /// The rejected fields, in the server's order; `details` entries without a string `field` are
    /// skipped.
    public let fields: [FieldError]
    /// The server's correlation id.
    public let requestId: String?

    /// A failure from its parts, for tests and previews.
    public init(code: String = "validation_error", message: String, fields: [FieldError], requestId: String? = nil) {
        self.code = code
        self.message = message
        self.fields = fields
        self.requestId = requestId
    }
}
