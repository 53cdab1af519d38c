/// One segment of a request path: fixed text from the route, or a caller's value.
///
/// ```swift
/// let path: [PathSegment] = ["todos", .param(id), "archive"]
/// ```
package enum PathSegment: Sendable, Hashable, ExpressibleByStringLiteral {
    /// Route text, sent verbatim; it may hold several segments (`"v1/db"`), and slashes at its
    /// ends are dropped where it meets its neighbours.
    case literal(String)
    /// A caller's value, percent-encoded as one segment with `encodeURIComponent`'s rule (a `/`
    /// inside becomes `%2F`).
    case param(String)

    /// A string literal is a ``literal(_:)`` segment.
    package init(stringLiteral value: String) {
        self = .literal(value)
    }
}
