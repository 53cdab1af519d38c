import ErrorCore
import Foundation

/// What a handler answers: a status, headers, a body (whole or streamed) and an optional fault.
///
/// The server owns framing: it adds `Content-Length` for `.bytes`, `Transfer-Encoding: chunked` for
/// `.stream` (close-delimited for HTTP/1.0 clients) and `Connection: close` when it will close, and
/// drops any of those three a handler set itself. A handler's `Connection: close` is honoured.
public struct HTTPServerResponse: Sendable {
    /// The body of a response.
    public enum Body: Sendable {
        /// A complete body, sent with `Content-Length`.
        case bytes(Data)
        /// A body produced over time and sent with chunked transfer coding. The producer runs on a
        /// task of its own; when it throws, the connection closes without the final chunk, so the
        /// client sees a truncated body rather than a complete one. It is not run for `HEAD`,
        /// for 1xx/204/304, or when the fault closes before the body.
        case stream(@Sendable (any HTTPResponseWriter) async throws -> Void)
    }

    /// The status code; values outside 200...999 are sent as 500 (a handler cannot send an interim
    /// 1xx response).
    public var status: Int
    /// Header fields; CR and LF in names or values are replaced by spaces before sending.
    public var headers: HTTPHeaders
    /// The body.
    public var body: Body
    /// A deliberate misbehaviour for client tests; nil to behave.
    public var fault: HTTPFault?

    /// Creates a response with a complete body.
    public init(status: Int = 200, headers: HTTPHeaders = [:], body: Data = Data(), fault: HTTPFault? = nil) {
        self.status = status
        self.headers = headers
        self.body = .bytes(body)
        self.fault = fault
    }

    /// Creates a streamed (chunked) response; `producer` writes the chunks.
    public static func stream(
        status: Int = 200, headers: HTTPHeaders = [:],
        _ producer: @escaping @Sendable (any HTTPResponseWriter) async throws -> Void
    ) -> HTTPServerResponse {
        var response = HTTPServerResponse(status: status, headers: headers)
        response.body = .stream(producer)
        return response
    }

    /// Creates a response whose body is `text` (already JSON), with `Content-Type:
    /// application/json` unless `headers` names another content type.
    public static func json(_ status: Int, _ text: String, headers: HTTPHeaders = [:]) -> HTTPServerResponse {
        var headers = headers
        if !headers.contains("Content-Type") { headers.add("Content-Type", "application/json") }
        return HTTPServerResponse(status: status, headers: headers, body: Data(text.utf8))
    }
}
