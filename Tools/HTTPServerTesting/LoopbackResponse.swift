import ErrorCore
import HTTPServer

/// One response as ``LoopbackClient`` read it off the wire.
package struct LoopbackResponse: Sendable {
    /// The status code from the status line.
    package var status: Int
    /// The reason phrase from the status line.
    package var reason: String
    /// The header fields in wire order.
    package var headers = HTTPHeaders()
    /// The body, de-chunked when it was chunked; empty after `readHead`.
    package var body: [UInt8] = []

    /// Creates a response with no headers and no body.
    package init(status: Int, reason: String) {
        self.status = status
        self.reason = reason
    }

    /// The body decoded as UTF-8.
    package var text: String { String(decoding: body, as: UTF8.self) }

    /// Whether the server announced it will close the connection.
    package var closesConnection: Bool {
        headers.values(for: "Connection").contains { $0.lowercased().contains("close") }
    }
}
