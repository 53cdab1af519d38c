import ErrorCore
import HTTPServer

/// One response as `ServerTestClient` read it off the wire.
public struct ServerTestResponse: Sendable {
    /// The status code from the status line.
    public var status: Int
    /// The reason phrase from the status line.
    public var reason: String
    /// The header fields in wire order.
    public var headers = HTTPHeaders()
    /// The body, de-chunked when it was chunked; empty after `readHead`.
    public var body: [UInt8] = []

    /// Creates a response with no headers and no body.
    public init(status: Int, reason: String) {
        self.status = status
        self.reason = reason
    }

    /// The body decoded as UTF-8.
    public var text: String { String(decoding: body, as: UTF8.self) }

    /// Whether the server announced it will close the connection.
    public var closesConnection: Bool {
        headers.values(for: "Connection").contains { $0.lowercased().contains("close") }
    }
}
