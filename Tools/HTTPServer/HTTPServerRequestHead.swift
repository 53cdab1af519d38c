import ErrorCore
import Foundation

/// A request whose head has arrived and whose body has not been read yet, as
/// ``HTTPServer/Configuration/earlyResponse`` sees it.
public struct HTTPServerRequestHead: Sendable {
    /// The method as received, case preserved.
    public let method: String
    /// The raw request-target: `"/todos/1/attachment?x=1"`.
    public let target: String
    /// `target` before the first `"?"`, not percent-decoded.
    public let path: String
    /// The header fields in wire order.
    public let headers: HTTPHeaders
    /// The body length `Content-Length` declares; `nil` for a chunked body, whose length is not known
    /// in advance. 0 for no body.
    public let contentLength: Int?

    /// Creates a head by hand, so an early-response rule can be unit-tested without a socket.
    public init(method: String, target: String, headers: HTTPHeaders = [:], contentLength: Int? = 0) {
        self.method = method
        self.target = target
        path = target.firstIndex(of: "?").map { String(target[..<$0]) } ?? target
        self.headers = headers
        self.contentLength = contentLength
    }

    init(_ head: RequestHead) {
        let length: Int? =
            switch head.framing {
            case .none: 0
            case .contentLength(let length): length
            case .chunked: nil
            }
        self.init(method: head.method, target: head.target, headers: head.headers, contentLength: length)
    }
}
