import ErrorCore
import Foundation

/// A complete, buffered HTTP response.
///
/// Any status is a response, including 3xx (transports never follow redirects: an SDK must not
/// resend a body or credentials to another place without deciding to) and 4xx/5xx (mapping those to
/// an SDK error is the SDK's job). When the transport decoded a `Content-Encoding` such as gzip,
/// `body` holds the decoded bytes while `headers` still describe the wire (`Content-Encoding`,
/// `Content-Length` of the encoded form).
public struct HTTPResponse: Sendable {
    /// The status code of the final response (interim 1xx responses are skipped).
    public var status: Int
    /// The response header fields in wire order (trailers are not included).
    public var headers: HTTPHeaders
    /// The response content.
    public var body: Data

    /// Creates a response; test doubles use this.
    public init(status: Int, headers: HTTPHeaders = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}
