import EmulatorCore
import ErrorCore
import Foundation

/// One problem with one input field, as `{field, message}` in `fields` (bad_request) or `details`
/// (validation_error, schema_validation_failed).
package struct SampleFieldIssue: Sendable, Equatable {
    /// Dotted path of the offending input (`title`, `tags.2`); empty for the body itself.
    package var field: String
    /// What is wrong, in plain English.
    package var message: String

    /// Creates an issue.
    package init(field: String, message: String) {
        self.field = field
        self.message = message
    }

    /// The wire form, `{"field": …, "message": …}`.
    package var json: AnyCodableValue {
        .object(["field": .string(field), "message": .string(message)])
    }
}

/// The undeclared errors of the sample backend: the generic envelopes every operation may answer.
///
/// The two 400 shapes are deliberately different, because the seeds document both: boundary validation
/// (`bad_request`) puts its list at the envelope's top level under `fields`, where today's SDK does not look;
/// a handler rule (`validation_error`) or a documents schema (`schema_validation_failed`) uses `details`.
package enum SampleErrors {
    /// 400 `bad_request` with a top-level `fields` list: the input did not parse or did not match the schema
    /// (wrong JSON type, missing key, unknown enum value, bad timestamp, number out of range).
    package static func badRequest(_ fields: [SampleFieldIssue]) -> PalbaseHTTPError {
        PalbaseHTTPError(
            status: 400, code: "bad_request", description: "The request does not match the operation's schema",
            extraTopLevel: ["fields": .array(fields.map(\.json))])
    }

    /// 400 `validation_error` with `details: [{field, message}]`: the input parsed, but a handler rule
    /// (trimmed length, tag rules, metadata size) rejected it.
    package static func validationError(_ details: [SampleFieldIssue]) -> PalbaseHTTPError {
        PalbaseHTTPError(
            status: 400, code: "validation_error", description: "The input breaks the operation's rules",
            details: .array(details.map(\.json)))
    }

    /// 400 `schema_validation_failed` with `details: [{field, message}]`: a document breaks its
    /// collection's schema.
    package static func schemaValidationFailed(_ details: [SampleFieldIssue]) -> PalbaseHTTPError {
        PalbaseHTTPError(
            status: 400, code: "schema_validation_failed",
            description: "The document does not match the collection's schema", details: .array(details.map(\.json)))
    }

    /// 429 `rate_limited` with `Retry-After`: the API key exceeded its request rate.
    package static func rateLimited(retryAfter seconds: Int) -> PalbaseHTTPError {
        PalbaseHTTPError(
            status: 429, code: "rate_limited", description: "Too many requests; retry after \(seconds) s",
            headers: [("Retry-After", String(seconds))])
    }

    /// 413 `payload_too_large`: the body is bigger than the backend accepts for one operation.
    package static func payloadTooLarge(limit: Int) -> PalbaseHTTPError {
        PalbaseHTTPError(
            status: 413, code: "payload_too_large", description: "The request body is larger than \(limit) bytes")
    }

    /// 405 `method_not_allowed` with `Allow`: the path exists, the method does not.
    package static func methodNotAllowed(allowed: [String]) -> PalbaseHTTPError {
        PalbaseHTTPError(
            status: 405, code: "method_not_allowed", description: "This path does not accept the method",
            headers: [("Allow", allowed.joined(separator: ", "))])
    }
}
