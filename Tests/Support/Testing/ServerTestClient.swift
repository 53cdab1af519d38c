import Dispatch
import HTTPServer
import HTTPServerTesting

/// HTTPServer's ``LoopbackClient`` for async tests: a raw-socket HTTP/1.1 client that sends exactly
/// the bytes it is given and reads exactly what comes back, so tests can speak malformed HTTP and
/// watch a server misbehave.
///
/// Every read and the connect have a timeout. The blocking socket calls run on the client's own
/// serial dispatch queue, never on Swift's cooperative pool, so a test waiting for bytes cannot
/// starve the tasks the server or other tests need.
package final class ServerTestClient: @unchecked Sendable {
    /// Default bound on every wait; generous because the machine may be busy, and only a failing
    /// test ever waits that long.
    package static let defaultTimeout = LoopbackClient.defaultTimeout

    private let queue = DispatchQueue(label: "ServerTestClient")
    // Confined to `queue`.
    private let connection: LoopbackClient

    /// The client's own port, which the server reports as `HTTPServerRequest.remotePort`.
    package let localPort: Int

    private init(_ connection: LoopbackClient) {
        self.connection = connection
        localPort = connection.localPort
    }

    /// Connects to `127.0.0.1:port` and sends `request` right away, if given (a server's idle clock starts
    /// at accept, so a test that sends later races it).
    package static func connect(
        port: Int, sending request: String? = nil, timeout: Duration = defaultTimeout
    ) async throws -> ServerTestClient {
        let queue = DispatchQueue(label: "ServerTestClient.connect")
        return try await withCheckedThrowingContinuation { continuation in
            queue.async {
                continuation.resume(
                    with: Result {
                        let connection = try LoopbackClient(port: port, timeout: timeout)
                        if let request { try connection.send(request, timeout: timeout) }
                        return ServerTestClient(connection)
                    })
            }
        }
    }

    // MARK: - Sending

    /// Sends all bytes (blocking until the kernel took them or `timeout`).
    package func send(_ bytes: [UInt8], timeout: Duration = defaultTimeout) async throws {
        try await attempt { try $0.send(bytes, timeout: timeout) }
    }

    /// Sends the UTF-8 bytes of `text`.
    package func send(_ text: String, timeout: Duration = defaultTimeout) async throws {
        try await send(Array(text.utf8), timeout: timeout)
    }

    /// Sends our FIN; the server sees end of input but can still answer.
    package func shutdownWriting() async {
        await perform { $0.shutdownWriting() }
    }

    /// Closes the socket now; later calls fail.
    package func close() async {
        await perform { $0.close() }
    }

    // MARK: - Reading

    /// Reads exactly `count` bytes.
    package func read(count: Int, timeout: Duration = defaultTimeout) async throws -> [UInt8] {
        try await attempt { try $0.read(count: count, timeout: timeout) }
    }

    /// Reads everything until the server closes the connection (FIN or reset).
    package func readUntilClose(timeout: Duration = defaultTimeout) async throws -> [UInt8] {
        try await attempt { try $0.readUntilClose(timeout: timeout) }
    }

    /// Waits up to `timeout` for the server to close; returns false if it is still open.
    /// Bytes that arrive meanwhile stay buffered for later reads.
    package func waitForClose(timeout: Duration) async -> Bool {
        await perform { $0.waitForClose(timeout: timeout) }
    }

    /// Reads one status line and header section (a `100 Continue` counts as one).
    package func readHead(timeout: Duration = defaultTimeout) async throws -> LoopbackResponse {
        try await attempt { try $0.readHead(timeout: timeout) }
    }

    /// Reads one complete final response, skipping interim 1xx heads. The body is framed by
    /// `Transfer-Encoding: chunked` (decoded), `Content-Length`, or the close of the connection.
    /// Pass `bodyless: true` for answers to `HEAD`.
    package func readResponse(
        bodyless: Bool = false, timeout: Duration = defaultTimeout
    ) async throws
        -> LoopbackResponse
    {
        try await attempt { try $0.readResponse(bodyless: bodyless, timeout: timeout) }
    }

    /// Reads the next chunk of a chunked body whose head was already read; nil after the last
    /// chunk (its trailer section is consumed too).
    package func readChunk(timeout: Duration = defaultTimeout) async throws -> [UInt8]? {
        try await attempt { try $0.readChunk(timeout: timeout) }
    }

    /// Like `readChunk`, also telling when the chunk's last bytes came off the socket (measured on
    /// the reading thread, so scheduling of the awaiting task does not inflate latency numbers).
    package func readChunkWithArrival(
        timeout: Duration = defaultTimeout
    ) async throws -> (chunk: [UInt8]?, arrival: ContinuousClock.Instant) {
        try await attempt { connection in
            let chunk = try connection.readChunk(timeout: timeout)
            return (chunk, connection.lastArrival)
        }
    }

    // MARK: - Queue-confined work

    private func attempt<T: Sendable>(_ work: @escaping @Sendable (LoopbackClient) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try work(self.connection) }) }
        }
    }

    private func perform<T: Sendable>(_ work: @escaping @Sendable (LoopbackClient) -> T) async -> T {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: work(self.connection)) }
        }
    }
}
