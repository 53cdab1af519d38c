import ErrorCore

// A request to the backend: its method, its path segments and what it carries.

// MARK: - PBRequest

/// A description of one backend request: verb, path, body, query and extra headers.
///
/// Generated endpoints build these, `pb.call(_:_:)` builds one from its arguments, and you can build
/// one by hand in a ``PBEndpoint``. All three lower onto the same transport path, so equal
/// descriptions produce byte-identical requests.
///
/// - `body` is encoded with the SDK's snake_case coder (camelCase properties become snake_case
///   keys, dates ISO 8601). A `GET` cannot carry one: such a request fails with
///   ``BackendError/encode(_:)`` and nothing is sent.
/// - `query` must encode to a JSON object; it becomes a query string in sorted key order (see the
///   encoding rules in the Calling Your Backend article).
/// - `headers` are merged onto the SDK's own; a non-blank value you pin wins, a blank one is
///   ignored.
/// - `upload` makes the request a `multipart/form-data` upload (see ``PBUploadForm``) instead of a JSON
///   one; it is never sealed, and its constraints are checked before anything is sent.
public struct PBRequest: Sendable {
    /// The verb.
    public let method: PBMethod
    /// The route, relative to the configured base URL.
    public let path: [PBPathSegment]
    /// The JSON body, or `nil` for none.
    public let body: (any Encodable & Sendable)?
    /// The query parameters as an object, or `nil` for none.
    public let query: (any Encodable & Sendable)?
    /// Extra request headers.
    public let headers: [String: String]
    /// The multipart upload this request carries instead of a JSON body, or `nil`.
    public let upload: PBUploadForm?

    /// A request description; only the verb and path are required.
    public init(
        _ method: PBMethod,
        _ path: [PBPathSegment],
        body: (any Encodable & Sendable)? = nil,
        query: (any Encodable & Sendable)? = nil,
        headers: [String: String] = [:]
    ) {
        self.method = method
        self.path = path
        self.body = body
        self.query = query
        self.headers = headers
        upload = nil
    }

    /// An upload: `form` goes out as the `multipart/form-data` body.
    ///
    /// ```swift
    /// PBRequest(.post, ["todos", .param(id), "attachment"], upload: PBUploadForm(file: photo))
    /// ```
    public init(
        _ method: PBMethod,
        _ path: [PBPathSegment],
        upload form: PBUploadForm,
        query: (any Encodable & Sendable)? = nil,
        headers: [String: String] = [:]
    ) {
        self.method = method
        self.path = path
        body = nil
        self.query = query
        self.headers = headers
        upload = form
    }
}

extension PBRequest {
    /// What `pb.call(name, input, method:)` sends: the name as a literal path, the input as the
    /// query string for `GET` and `DELETE` and as the body for every other verb (the rule generated
    /// endpoints follow).
    static func named(
        _ name: String, method: PBMethod, input: (any Encodable & Sendable)?, headers: [String: String]
    ) -> PBRequest {
        guard let input else { return PBRequest(method, [.literal(name)], headers: headers) }
        if method.sendsInputAsQuery {
            return PBRequest(method, [.literal(name)], query: input, headers: headers)
        }
        return PBRequest(method, [.literal(name)], body: input, headers: headers)
    }
}

// MARK: - PBMethod

/// The six HTTP verbs a Palbase endpoint can use, all of them reachable from every way of calling
/// the backend.
///
/// `QUERY` (RFC 10008) is a first-class verb: safe and idempotent like `GET`, body-carrying like
/// `POST`. Use it for searches whose input is too large or too structured for a query string.
///
/// Retries follow the verb: `GET`, `QUERY`, `PUT` and `DELETE` are idempotent and are retried on a
/// failure that got no response and on 502/503/504; `POST` and `PATCH` never are.
public enum PBMethod: String, Sendable, CaseIterable {
    case get = "GET", post = "POST", patch = "PATCH", put = "PUT", delete = "DELETE", query = "QUERY"

    /// Whether a request with this verb may carry a body: every verb but `GET`.
    public var carriesBody: Bool { self != .get }

    /// Whether the SDK may resend the request on its own (RFC 9110 §9.2.2, plus `QUERY`).
    var isIdempotent: Bool {
        switch self {
        case .get, .query, .put, .delete: true
        case .post, .patch: false
        }
    }

    /// Whether an input handed to `pb.call(_:_:)` travels as the query string rather than the body,
    /// the rule generated endpoints follow too (so both produce the same bytes).
    var sendsInputAsQuery: Bool {
        self == .get || self == .delete
    }
}

// MARK: - PBPathSegment

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
