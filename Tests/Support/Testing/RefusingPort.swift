import Foundation

/// A TCP port on 127.0.0.1 that refuses connections for as long as this value lives.
///
/// The socket is bound but never listens, so a connect to it is refused, and no other server (a
/// parallel test's, on an ephemeral port) can take the port meanwhile, as it could a port that was
/// bound and closed again. Keep the value alive (`withExtendedLifetime`) until the connect is done.
public final class RefusingPort: Sendable {
    /// The refusing port.
    public let port: Int
    private let descriptor: Int32

    /// Binds a fresh ephemeral port without listening on it.
    public init() throws {
        (descriptor, port) = try LoopbackSocket.bind()
    }

    deinit { close(descriptor) }
}

/// A TCP port on 127.0.0.1 that takes connections and never says a word, for as long as this value lives.
///
/// The socket listens but never accepts: the kernel completes each TCP handshake into its backlog, and the
/// client then waits for an answer that never comes (a TLS client for the server's hello, an HTTP client for
/// a response). Keep the value alive (`withExtendedLifetime`) until the client is done.
public final class SilentPort: Sendable {
    /// The silent port.
    public let port: Int
    private let descriptor: Int32

    /// Binds a fresh ephemeral port and listens on it.
    public init() throws {
        (descriptor, port) = try LoopbackSocket.bind()
        guard listen(descriptor, 8) == 0 else {
            close(descriptor)
            throw POSIXError(.EADDRINUSE)
        }
    }

    deinit { close(descriptor) }
}

/// TCP sockets bound to 127.0.0.1, for tests that need a port to behave in a way no server of the
/// project's would.
enum LoopbackSocket {
    /// A TCP socket bound to a fresh ephemeral port on 127.0.0.1, and the port.
    static func bind() throws -> (descriptor: Int32, port: Int) {
        #if canImport(Glibc)
            let stream = Int32(SOCK_STREAM.rawValue)  // an enum in Glibc's headers, an Int32 in Darwin's
        #else
            let stream = SOCK_STREAM
        #endif
        let fd = socket(AF_INET, stream, 0)
        guard fd >= 0 else { throw POSIXError(.EMFILE) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                Foundation.bind(fd, socketAddress, length) == 0 && getsockname(fd, socketAddress, &length) == 0
            }
        }
        guard bound else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        return (fd, Int(UInt16(bigEndian: address.sin_port)))
    }
}
