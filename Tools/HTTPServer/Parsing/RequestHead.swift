import ErrorCore

/// The validated request line and header section of one request, before its body is read.
struct RequestHead: Sendable {
    /// How the request's body is delimited.
    enum Framing: Equatable, Sendable {
        case none
        case contentLength(Int)
        case chunked
    }

    var method: String
    var target: String
    /// HTTP/1.0 (closes by default, cannot send chunked); otherwise HTTP/1.1 semantics.
    var isHTTP10: Bool
    var headers: HTTPHeaders
    var framing: Framing
    /// Whether the client allows the connection to stay open after this exchange.
    var wantsKeepAlive: Bool
    /// `Expect: 100-continue` was sent: the client may wait for an interim response before the body.
    var expectsContinue: Bool

    var isHead: Bool { method == "HEAD" }
}
