#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why the server could not start, or why a streamed write was refused.
public enum HTTPServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `Configuration.host` is not an IPv4/IPv6 literal or `localhost`, or the port is outside 0...65535.
    case invalidAddress(host: String, port: Int)
    /// `start()` was called twice.
    case alreadyStarted
    /// The server has been shut down: it cannot start again, and streamed writes are refused.
    case stopped
    /// A system call failed; `code` is the `errno` value (e.g. `EADDRINUSE` from `bind`).
    case systemCallFailed(operation: String, code: Int32)
    /// The client went away (or a fault mode cut the connection) before this chunk could be sent.
    case clientDisconnected
    /// The response this writer belonged to is already complete; a producer kept the writer too long.
    case responseFinished

    /// A one-line explanation for logs and test failures.
    public var description: String {
        switch self {
        case .invalidAddress(let host, let port): "invalid listen address \(host):\(port)"
        case .alreadyStarted: "the server is already started"
        case .stopped: "the server has been shut down"
        case .systemCallFailed(let operation, let code):
            "\(operation) failed: \(String(cString: strerror(code))) (errno \(code))"
        case .clientDisconnected: "the client disconnected"
        case .responseFinished: "the response has already finished"
        }
    }
}
