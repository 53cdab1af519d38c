import Dispatch
import Foundation
import Glibc
import HTTPServer

/// A raw-socket HTTP/1.1 client for server tests: it sends exactly the bytes it is given and
/// reads exactly what comes back, so tests can speak malformed HTTP and watch a server misbehave.
///
/// Every read and the connect have a timeout. Blocking socket calls run on the client's own
/// serial dispatch queue, never on Swift's cooperative pool, so a test waiting for bytes cannot
/// starve the server's handler tasks.
public final class ServerTestClient: @unchecked Sendable {
    /// What went wrong on the client side.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case connectFailed(errno: Int32)
        case sendFailed(errno: Int32)
        /// The wait ran out; `waitingFor` says for what.
        case timedOut(waitingFor: String)
        /// The server closed the connection before the expected bytes arrived.
        case closedEarly(received: Int)
        case malformedResponse(String)

        public var description: String {
            switch self {
            case .connectFailed(let code): "connect failed (errno \(code))"
            case .sendFailed(let code): "send failed (errno \(code))"
            case .timedOut(let what): "timed out waiting for \(what)"
            case .closedEarly(let received): "connection closed early after \(received) buffered bytes"
            case .malformedResponse(let why): "malformed response: \(why)"
            }
        }
    }

    /// Default bound on every wait; generous because the machine may be busy, and only a failing
    /// test ever waits that long.
    public static let defaultTimeout: Duration = .seconds(5)

    private let queue = DispatchQueue(label: "ServerTestClient")
    // Confined to `queue`.
    private var descriptor: Int32
    private var buffer: [UInt8] = []
    private var sawEnd = false

    /// The client's own port, which the server reports as `HTTPServerRequest.remotePort`.
    public let localPort: Int

    init(descriptor: Int32, localPort: Int) {
        self.descriptor = descriptor
        self.localPort = localPort
    }

    deinit {
        if descriptor >= 0 { Glibc.close(descriptor) }
    }

    /// Connects to `127.0.0.1:port`.
    public static func connect(port: Int, timeout: Duration = defaultTimeout) async throws -> ServerTestClient {
        let queue = DispatchQueue(label: "ServerTestClient.connect")
        return try await withCheckedThrowingContinuation { continuation in
            queue.async {
                continuation.resume(with: Result { try ServerTestSocket.connect(port: port, timeout: timeout) })
            }
        }
    }

    // MARK: - Sending

    /// Sends all bytes (blocking until the kernel took them or `timeout`).
    public func send(_ bytes: [UInt8], timeout: Duration = defaultTimeout) async throws {
        try await attempt { try ServerTestSocket.send(self.descriptor, bytes, timeout: timeout) }
    }

    /// Sends the UTF-8 bytes of `text`.
    public func send(_ text: String, timeout: Duration = defaultTimeout) async throws {
        try await send(Array(text.utf8), timeout: timeout)
    }

    /// Sends our FIN; the server sees end of input but can still answer.
    public func shutdownWriting() async {
        await perform { _ = Glibc.shutdown(self.descriptor, Int32(SHUT_WR)) }
    }

    /// Closes the socket now; later calls fail.
    public func close() async {
        await perform {
            if self.descriptor >= 0 { Glibc.close(self.descriptor) }
            self.descriptor = -1
        }
    }

    // MARK: - Reading

    /// Reads exactly `count` bytes.
    public func read(count: Int, timeout: Duration = defaultTimeout) async throws -> [UInt8] {
        try await attempt {
            let deadline = ContinuousClock.now + timeout
            while self.buffer.count < count { try self.fill(until: deadline, waitingFor: "\(count) bytes") }
            defer { self.buffer.removeFirst(count) }
            return Array(self.buffer.prefix(count))
        }
    }

    /// Reads everything until the server closes the connection (FIN or reset).
    public func readUntilClose(timeout: Duration = defaultTimeout) async throws -> [UInt8] {
        try await attempt {
            let deadline = ContinuousClock.now + timeout
            while !self.sawEnd {
                do {
                    try self.fill(until: deadline, waitingFor: "the connection to close")
                } catch Failure.closedEarly {
                    break
                }
            }
            defer { self.buffer.removeAll() }
            return self.buffer
        }
    }

    /// Waits up to `timeout` for the server to close; returns false if it is still open.
    /// Bytes that arrive meanwhile stay buffered for later reads.
    public func waitForClose(timeout: Duration) async -> Bool {
        await perform {
            let deadline = ContinuousClock.now + timeout
            while !self.sawEnd {
                do {
                    try self.fill(until: deadline, waitingFor: "close")
                } catch {
                    return self.sawEnd
                }
            }
            return true
        }
    }

    /// Reads one status line and header section (a `100 Continue` counts as one).
    public func readHead(timeout: Duration = defaultTimeout) async throws -> ServerTestResponse {
        try await attempt { try self.readHeadNow(until: ContinuousClock.now + timeout) }
    }

    /// Reads one complete final response, skipping interim 1xx heads. The body is framed by
    /// `Transfer-Encoding: chunked` (decoded), `Content-Length`, or the close of the connection.
    /// Pass `bodyless: true` for answers to `HEAD`.
    public func readResponse(
        bodyless: Bool = false, timeout: Duration = defaultTimeout
    ) async throws
        -> ServerTestResponse
    {
        try await attempt {
            let deadline = ContinuousClock.now + timeout
            var response = try self.readHeadNow(until: deadline)
            while (100..<200).contains(response.status) { response = try self.readHeadNow(until: deadline) }
            if bodyless || response.status == 204 || response.status == 304 { return response }
            if response.headers["Transfer-Encoding"]?.lowercased() == "chunked" {
                while let chunk = try self.readChunkNow(until: deadline) { response.body += chunk }
            } else if let text = response.headers["Content-Length"] {
                guard let length = Int(text), length >= 0 else { throw Failure.malformedResponse("Content-Length") }
                while self.buffer.count < length { try self.fill(until: deadline, waitingFor: "the body") }
                response.body = Array(self.buffer.prefix(length))
                self.buffer.removeFirst(length)
            } else {
                while !self.sawEnd {
                    do { try self.fill(until: deadline, waitingFor: "a close-delimited body") } catch Failure
                        .closedEarly
                    {
                        break
                    }
                }
                response.body = self.buffer
                self.buffer.removeAll()
            }
            return response
        }
    }

    /// Reads the next chunk of a chunked body whose head was already read; nil after the last
    /// chunk (its trailer section is consumed too).
    public func readChunk(timeout: Duration = defaultTimeout) async throws -> [UInt8]? {
        try await attempt { try self.readChunkNow(until: ContinuousClock.now + timeout) }
    }

    // MARK: - Queue-confined helpers

    private func attempt<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try work() }) }
        }
    }

    private func perform<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: work()) }
        }
    }

    /// Appends at least one byte, or throws on timeout or end of stream.
    private func fill(until deadline: ContinuousClock.Instant, waitingFor what: String) throws {
        guard !sawEnd else { throw Failure.closedEarly(received: buffer.count) }
        switch ServerTestSocket.receive(descriptor, until: deadline) {
        case .bytes(let bytes): buffer += bytes
        case .end:
            sawEnd = true
            throw Failure.closedEarly(received: buffer.count)
        case .timedOut: throw Failure.timedOut(waitingFor: what)
        }
    }

    private func line(until deadline: ContinuousClock.Instant) throws -> [UInt8] {
        while true {
            if let lineFeed = buffer.firstIndex(of: 0x0A), lineFeed > 0, buffer[lineFeed - 1] == 0x0D {
                defer { buffer.removeFirst(lineFeed + 1) }
                return Array(buffer[..<(lineFeed - 1)])
            }
            try fill(until: deadline, waitingFor: "a line")
        }
    }

    private func readHeadNow(until deadline: ContinuousClock.Instant) throws -> ServerTestResponse {
        let statusLine = String(decoding: try line(until: deadline), as: UTF8.self)
        let parts = statusLine.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), let status = Int(parts[1]) else {
            throw Failure.malformedResponse("status line \(statusLine.debugDescription)")
        }
        var response = ServerTestResponse(status: status, reason: parts.count > 2 ? String(parts[2]) : "")
        while true {
            let field = String(decoding: try line(until: deadline), as: UTF8.self)
            if field.isEmpty { return response }
            guard let colon = field.firstIndex(of: ":") else {
                throw Failure.malformedResponse("header line \(field.debugDescription)")
            }
            let value = field[field.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            response.headers.add(String(field[..<colon]), value)
        }
    }

    private func readChunkNow(until deadline: ContinuousClock.Instant) throws -> [UInt8]? {
        let sizeLine = String(decoding: try line(until: deadline), as: UTF8.self)
        let digits = sizeLine.prefix { $0.isHexDigit }
        guard !digits.isEmpty, let size = Int(digits, radix: 16) else {
            throw Failure.malformedResponse("chunk size line \(sizeLine.debugDescription)")
        }
        if size == 0 {
            while try !line(until: deadline).isEmpty {}
            return nil
        }
        while buffer.count < size + 2 { try fill(until: deadline, waitingFor: "a chunk") }
        guard buffer[size] == 0x0D, buffer[size + 1] == 0x0A else { throw Failure.malformedResponse("chunk end") }
        defer { buffer.removeFirst(size + 2) }
        return Array(buffer[..<size])
    }
}
