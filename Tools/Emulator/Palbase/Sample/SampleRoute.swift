import EmulatorCore

/// What a request to the sample backend asks for: the OpenAPI document itself, or one operation the document
/// declares at the request's path and method, with its path parameters.
///
/// Routes come from the document (see `SampleSpec`): a path parameter is a whole percent-decoded segment, so
/// `/todos/..%2F..` is the todo id `../..` (which then simply does not exist) and can never climb out of its
/// route.
package enum SampleRoute: Sendable {
    /// `GET /openapi.json`.
    case openAPIDocument
    /// An operation of the document, and its path parameters by name.
    case operation(SampleSpecOperation, parameters: [String: String])

    /// The route for `method` at `segments` in `spec`; nil when the path is not one of the sample backend's.
    ///
    /// Throws 405 `method_not_allowed` (with `Allow`) when the path is known but the method is not.
    package static func match(method: String, segments: [String], in spec: SampleSpec) throws -> SampleRoute? {
        if segments == ["openapi.json"] {
            guard method == "GET" else { throw SampleErrors.methodNotAllowed(allowed: ["GET"]) }
            return .openAPIDocument
        }
        return try spec.operation(method: method, segments: segments).map { .operation($0, parameters: $1) }
    }
}
