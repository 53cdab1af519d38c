import Foundation

/// A server on 127.0.0.1 that answers each connection's request with exactly the bytes it was given,
/// then closes the connection: for response heads the project's own server never writes (interim
/// responses, folded lines, text that is not UTF-8, trailers).
public final class CannedResponseServer: Sendable {
    /// `http://127.0.0.1:<port>/canned`.
    public let url: URL
    private let listener: Int32

    /// Starts listening, and answers every connection from a thread of its own until ``close()``.
    public init(_ response: [UInt8]) throws {
        let (fd, port) = try LoopbackSocket.bind()
        guard listen(fd, 8) == 0 else {
            Foundation.close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        listener = fd
        url = URL(string: "http://127.0.0.1:\(port)/canned")!
        let thread = Thread {
            // The thread closes the listener itself, once `accept` fails: closed from another thread, its
            // number could be reused (by a parallel test's socket) before this loop reached `accept` again.
            defer { Foundation.close(fd) }
            while true {
                let connection = accept(fd, nil, nil)
                guard connection >= 0 else { return }  // shut down
                Self.answer(connection, with: response)
                Foundation.close(connection)
            }
        }
        thread.start()
    }

    /// Stops accepting: the thread's `accept`, waiting now or next, fails, and the thread closes the socket.
    public func close() {
        shutdown(listener, Int32(SHUT_RDWR))
    }

    /// Reads the request head (up to its empty line), then writes `response` whole.
    private static func answer(_ connection: Int32, with response: [UInt8]) {
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while !received.suffix(4).elementsEqual("\r\n\r\n".utf8) {
            let count = chunk.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return }
            received += chunk[..<count]
        }
        #if canImport(Glibc)
            let flags = Int32(MSG_NOSIGNAL)  // a client gone early must not raise SIGPIPE
        #else
            let flags: Int32 = 0
        #endif
        var sent = 0
        while sent < response.count {
            let count = response[sent...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, flags) }
            guard count > 0 else { return }
            sent += count
        }
    }
}
