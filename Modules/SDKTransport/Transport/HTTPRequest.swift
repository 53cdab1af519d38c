import ErrorCore
import Foundation

/// One HTTP request as an SDK hands it to a ``Transport``.
///
/// The transport sends `method`, `headers` and `body` as given, with a few rules every transport in
/// this package follows:
/// - the framing headers `Content-Length` and `Transfer-Encoding` are the transport's: values set here
///   are ignored and the length of `body` is sent instead;
/// - a `body` (even an empty one) is sent with `Content-Length`; `nil` sends no body, except that
///   `POST`, `PUT` and `PATCH` then send `Content-Length: 0`, which servers expect;
/// - an ``uploadBody`` takes the place of `body` (which is then ignored): it is streamed from memory and
///   files, still with `Content-Length` (never chunked), so a server can refuse it early;
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
    /// Content streamed from memory and files instead of ``body``, or `nil` (the default) for `body`.
    /// See ``HTTPUploadBody`` for what a missing or changing file does.
    public var uploadBody: HTTPUploadBody?
    /// Called as a non-empty request body goes out with the bytes of it sent so far and the body's total:
    /// always increasing, and last with `sent == total` once the whole body is out (a server that answers
    /// early stops it short). "Sent" means handed to the connection (curl: accepted by the socket;
    /// URLSession: what its `didSendBodyData` says, which on Linux can be one report at the end). Called on the
    /// transport's own thread, one call at a time: keep it short and hop to your own actor for UI work.
    /// `nil` (the default) reports nothing.
    public var uploadProgress: (@Sendable (_ sent: Int64, _ total: Int64) -> Void)?
    /// A limit on the whole exchange, from submission to the last body byte; `nil` uses the
    /// transport's default. Sub-second values are honoured. Expiry throws ``TransportError`` with
    /// `.timedOut`.
    public var timeout: Duration?
    /// The longest the exchange may go without receiving anything: from submission to the first response
    /// byte, then between any two pieces of the response (head or body). Time during which the transport
    /// has stopped reading because the body's consumer fell behind (backpressure) does not count: the clock
    /// restarts when reading resumes. `nil` (the default): no idle limit. Sub-second values are honoured.
    /// Expiry throws ``TransportError`` with `.timedOut` (from `send`/`stream` before the head, or from the
    /// body's iterator after it); `requestSent` as for any other failure at that point.
    ///
    /// Independent of ``timeout``: a long stream that keeps delivering never hits this limit, and a
    /// server that goes silent is detected without bounding the stream's total length. Sending the
    /// request body does not count as activity.
    public var idleTimeout: Duration?

    /// Creates a request; every part but the URL has a default (`GET`, no headers, no body, no progress
    /// reports, the transport's timeout, no idle limit).
    public init(
        method: String = "GET",
        url: URL,
        headers: HTTPHeaders = [:],
        body: Data? = nil,
        uploadBody: HTTPUploadBody? = nil,
        uploadProgress: (@Sendable (_ sent: Int64, _ total: Int64) -> Void)? = nil,
        timeout: Duration? = nil,
        idleTimeout: Duration? = nil
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.uploadBody = uploadBody
        self.uploadProgress = uploadProgress
        self.timeout = timeout
        self.idleTimeout = idleTimeout
    }
}
