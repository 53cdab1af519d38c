import ErrorCore
import Foundation

/// One complete, validated request as the handler sees it.
///
/// The server has already rejected malformed requests itself (400/413/431/505), so every value
/// here came through strict parsing. Strings are decoded as UTF-8; invalid sequences in header
/// values become U+FFFD.
public struct HTTPServerRequest: Sendable {
    /// The method as received, case preserved: `"GET"`, `"QUERY"`.
    public let method: String
    /// The raw request-target: `"/todos?page=1"`.
    public let target: String
    /// `target` before the first `"?"`, not percent-decoded.
    public let path: String
    /// The raw text after the first `"?"`, nil when the target has no `"?"`.
    public let query: String?
    /// The header fields in wire order.
    public let headers: HTTPHeaders
    /// The body, already de-chunked when it arrived with `Transfer-Encoding: chunked`.
    public let body: Data
    /// The peer's TCP port; two requests with the same port came over the same connection.
    public let remotePort: Int
    /// An increasing id per accepted connection (first connection is 1), for connection-reuse tests.
    public let connectionID: Int

    /// Creates a request by hand, so handlers can be unit-tested without a socket.
    public init(
        method: String, target: String, headers: HTTPHeaders = [:], body: Data = Data(),
        remotePort: Int = 0, connectionID: Int = 0
    ) {
        self.method = method
        self.target = target
        if let mark = target.firstIndex(of: "?") {
            path = String(target[..<mark])
            query = String(target[target.index(after: mark)...])
        } else {
            path = target
            query = nil
        }
        self.headers = headers
        self.body = body
        self.remotePort = remotePort
        self.connectionID = connectionID
    }
}
