import ErrorCore

/// The head of an HTTP response whose body is still arriving.
///
/// ``Transport/stream(_:)`` returns it as soon as the header section is complete; `body` then yields
/// the content as it arrives. Stop reading (break out of the loop, drop the iterator, or cancel the
/// reading Task) to abandon the exchange: the transport ends it promptly (see ``HTTPBodyStream`` for
/// how each transport treats the connection).
public struct HTTPStreamingResponse: Sendable {
    /// The status code of the final response (interim 1xx responses are skipped).
    public let status: Int
    /// The response header fields in wire order.
    public let headers: HTTPHeaders
    /// The content, chunk by chunk. Iterate it once.
    public let body: HTTPBodyStream

    /// Creates a streaming response; test doubles use this with ``HTTPBodyStream/init(chunks:failure:)``.
    public init(status: Int, headers: HTTPHeaders = [:], body: HTTPBodyStream) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}
