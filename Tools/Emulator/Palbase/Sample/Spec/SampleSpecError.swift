import EmulatorCore

/// Why an OpenAPI document cannot drive the sample backend: where in it (a JSON pointer) and why.
///
/// The backend refuses a document it cannot honour (a route whose handler reads another path parameter, an
/// error a handler answers that the operation does not declare, a schema keyword it cannot enforce) rather
/// than serving something other than what the document says.
package struct SampleSpecError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file the document came from, when it came from one.
    package var source: String?
    /// The JSON pointer of the offending node (`/paths/~1todos/post`); empty for the document itself.
    package var pointer: String
    /// What is wrong, in plain English.
    package var reason: String

    /// Creates an error about the node at `pointer`.
    package init(source: String? = nil, pointer: String, reason: String) {
        self.source = source
        self.pointer = pointer
        self.reason = reason
    }

    /// `<source>: #<pointer>: <reason>`.
    package var description: String {
        (source.map { "\($0): " } ?? "") + "#\(pointer): \(reason)"
    }
}
