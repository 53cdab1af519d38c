import ErrorCore

/// One segment of an endpoint's path: fixed route text, or a caller's value.
///
/// ```swift
/// let path: [PBPathSegment] = ["todos", .param(id), "archive"]
/// ```
///
/// `.literal` text goes through verbatim (a leading or trailing slash is tolerated, and a literal
/// may hold several segments such as `"rooms/search"`); `.param` values are percent-encoded with
/// JavaScript's `encodeURIComponent` set, so pass raw strings (`"a b/c"` is sent as `a%20b%2Fc`).
public enum PBPathSegment: Sendable, Hashable, ExpressibleByStringLiteral {
    /// Route text, sent verbatim.
    case literal(String)
    /// A caller's value, percent-encoded as exactly one segment.
    case param(String)

    /// A string literal is a ``literal(_:)`` segment.
    public init(stringLiteral value: String) {
        self = .literal(value)
    }

    /// The same segment in ErrorCore's path-encoding vocabulary.
    var pathSegment: PathSegment {
        switch self {
        case .literal(let text): .literal(text)
        case .param(let value): .param(value)
        }
    }
}
