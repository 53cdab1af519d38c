import Foundation

/// One HTTP request as an SDK hands it to a ``Transport``.
///
/// The transport sends `method`, `headers` and `body` as given, with a few rules every transport in
/// this package follows:
/// - the framing headers `Content-Length` and `Transfer-Encoding` are the transport's: values set here
///   are ignored and the length of `body` is sent instead;
/// - a `body` (even an empty one) is sent with `Content-Length`; `nil` sends no body, except that
///   `POST`, `PUT` and `PATCH` then send `Content-Length: 0`, which servers expect;
/// - `Content-Type` is sent only when set here;
/// - a field name must be an HTTP token and no value may contain CR, LF or NUL, otherwise the
///   transport throws ``TransportError`` with `.badURL` before anything is sent.
public struct HTTPRequest: Sendable {
    /// The method, sent verbatim (`GET`, `POST`, `QUERY`, …). Must be an HTTP token.
    public var method: String
    /// An absolute `http` or `https` URL.
    public var url: URL
    /// Header fields in the order they are sent.
    public var headers: HTTPHeaders
    /// The request content, or `nil` for none.
    public var body: Data?
    /// A limit on the whole exchange, from submission to the last body byte; `nil` uses the
    /// transport's default. Sub-second values are honoured. Expiry throws ``TransportError`` with
    /// `.timedOut`.
    public var timeout: Duration?

    /// Creates a request; every part but the URL has a default (`GET`, no headers, no body,
    /// the transport's timeout).
    public init(
        method: String = "GET",
        url: URL,
        headers: HTTPHeaders = [:],
        body: Data? = nil,
        timeout: Duration? = nil
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }
}
