import ErrorCore
import HTTPServer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A raw HTTP/1.1 client on one TCP connection to 127.0.0.1, for tests and benchmarks: it sends
/// exactly the bytes it is given and reads exactly what comes back, so a test can speak malformed
/// HTTP, watch a server misbehave, or load it without a client library's overhead.
///
/// Every call blocks the calling thread, each wait bounded by its timeout (a `poll(2)` deadline,
/// through the server's own `Socket` helpers). Use one from one thread at a time; async callers hop
/// to a thread of their own (TestSupport's `ServerTestClient`), never block Swift's cooperative pool.
package final class LoopbackClient {
    /// What went wrong on the client side.
    package enum Failure: Error, Equatable, CustomStringConvertible {
        case connectFailed(errno: Int32)
        case sendFailed(errno: Int32)
        /// The wait ran out; `waitingFor` says for what.
        case timedOut(waitingFor: String)
        /// The server closed the connection before the expected bytes arrived.
        case closedEarly(received: Int)
        case malformedResponse(String)

        package var description: String {
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
    package static let defaultTimeout: Duration = .seconds(5)

    private var descriptor: Int32
    /// Received and not yet consumed: `buffer[head...]`.
    private var buffer: [UInt8] = []
    private var head = 0
    private var sawEnd = false
    private let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 16)

    /// The client's own port, which the server reports as `HTTPServerRequest.remotePort`.
    package let localPort: Int
    /// When the bytes most recently received came off the socket.
    package private(set) var lastArrival = ContinuousClock.now

    /// Connects to `127.0.0.1:port` (`TCP_NODELAY`, so small requests leave at once).
    package init(port: Int, timeout: Duration = defaultTimeout) throws {
        descriptor = try connectedSocket(port: port, deadline: .after(timeout))
        Socket.setNoDelay(descriptor)
        localPort = localPortNumber(of: descriptor)
    }

    deinit {
        if descriptor >= 0 { closeSocket(descriptor) }
        scratch.deallocate()
    }

    // MARK: - Sending

    /// Sends all of `bytes`; fails once the server takes nothing for `timeout`.
    package func send(_ bytes: [UInt8], timeout: Duration = defaultTimeout) throws {
        guard Socket.sendAll(descriptor, bytes, stallTimeout: timeout) else {
            let code = errno
            throw code == EAGAIN || code == EWOULDBLOCK
                ? Failure.timedOut(waitingFor: "the socket to accept bytes") : Failure.sendFailed(errno: code)
        }
    }

    /// Sends the UTF-8 bytes of `text`.
    package func send(_ text: String, timeout: Duration = defaultTimeout) throws {
        try send(Array(text.utf8), timeout: timeout)
    }

    /// Sends our FIN; the server sees end of input but can still answer.
    package func shutdownWriting() {
        Socket.shutdownWriting(descriptor)
    }

    /// Closes the socket now; later calls fail.
    package func close() {
        if descriptor >= 0 { closeSocket(descriptor) }
        descriptor = -1
    }

    // MARK: - Reading

    /// Reads exactly `count` bytes.
    package func read(count: Int, timeout: Duration = defaultTimeout) throws -> [UInt8] {
        let deadline = Deadline.after(timeout)
        while buffered < count { try fill(until: deadline, waitingFor: "\(count) bytes") }
        return take(count)
    }

    /// Reads everything until the server closes the connection (FIN or reset).
    package func readUntilClose(timeout: Duration = defaultTimeout) throws -> [UInt8] {
        try readUntilClose(until: .after(timeout))
    }

    /// Waits up to `timeout` for the server to close; returns false if it is still open. Bytes that
    /// arrive meanwhile stay buffered for later reads.
    package func waitForClose(timeout: Duration) -> Bool {
        let deadline = Deadline.after(timeout)
        while !sawEnd {
            do {
                try fill(until: deadline, waitingFor: "close")
            } catch {
                return sawEnd
            }
        }
        return true
    }

    /// Reads one status line and header section (a `100 Continue` counts as one).
    package func readHead(timeout: Duration = defaultTimeout) throws -> LoopbackResponse {
        try readHead(until: .after(timeout))
    }

    /// Reads one complete final response, skipping interim 1xx heads. The body is framed by
    /// `Transfer-Encoding: chunked` (decoded), `Content-Length`, or the close of the connection.
    /// Pass `bodyless: true` for answers to `HEAD`.
    package func readResponse(bodyless: Bool = false, timeout: Duration = defaultTimeout) throws -> LoopbackResponse {
        let deadline = Deadline.after(timeout)
        var response = try readHead(until: deadline)
        while (100..<200).contains(response.status) { response = try readHead(until: deadline) }
        if bodyless || response.status == 204 || response.status == 304 { return response }
        if response.headers["Transfer-Encoding"]?.lowercased() == "chunked" {
            while let chunk = try readChunk(until: deadline) { response.body += chunk }
        } else if let text = response.headers["Content-Length"] {
            guard let length = Int(text), length >= 0 else { throw Failure.malformedResponse("Content-Length") }
            while buffered < length { try fill(until: deadline, waitingFor: "the body") }
            response.body = take(length)
        } else {
            response.body = try readUntilClose(until: deadline)
        }
        return response
    }

    /// Reads the next chunk of a chunked body whose head was already read; nil after the last
    /// chunk (its trailer section is consumed too).
    package func readChunk(timeout: Duration = defaultTimeout) throws -> [UInt8]? {
        try readChunk(until: .after(timeout))
    }

    // MARK: - Internals

    private var buffered: Int { buffer.count - head }

    /// Removes and returns the next `count` buffered bytes.
    private func take(_ count: Int) -> [UInt8] {
        let taken = Array(buffer[head..<head + count])
        head += count
        if head == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            head = 0
        }
        return taken
    }

    /// Appends at least one byte, or throws on timeout or end of stream.
    private func fill(until deadline: Deadline, waitingFor what: String) throws {
        guard !sawEnd else { throw Failure.closedEarly(received: buffered) }
        switch Socket.receive(descriptor, into: scratch, deadline: deadline) {
        case .received(let count):
            lastArrival = .now
            if head > 0, head >= buffer.count / 2 {
                buffer.removeFirst(head)
                head = 0
            }
            buffer.append(contentsOf: scratch[..<count])
        case .closed, .failed:
            sawEnd = true
            throw Failure.closedEarly(received: buffered)
        case .timedOut:
            throw Failure.timedOut(waitingFor: what)
        }
    }

    private func readUntilClose(until deadline: Deadline) throws -> [UInt8] {
        while !sawEnd {
            do {
                try fill(until: deadline, waitingFor: "the connection to close")
            } catch Failure.closedEarly {
                break
            }
        }
        return take(buffered)
    }

    /// The next CRLF-terminated line, without its CRLF.
    private func line(until deadline: Deadline) throws -> [UInt8] {
        // How far past `head` a line feed was already looked for (`fill` may move `head`, not this).
        var searched = 0
        while true {
            if let lineFeed = buffer[(head + searched)...].firstIndex(of: ASCII.lineFeed) {
                if lineFeed > head, buffer[lineFeed - 1] == ASCII.carriageReturn {
                    let line = take(lineFeed - 1 - head)
                    _ = take(2)
                    return line
                }
                searched = lineFeed + 1 - head
                continue
            }
            searched = buffered
            try fill(until: deadline, waitingFor: "a line")
        }
    }

    private func readHead(until deadline: Deadline) throws -> LoopbackResponse {
        let statusLine = String(decoding: try line(until: deadline), as: UTF8.self)
        let parts = statusLine.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), let status = Int(parts[1]) else {
            throw Failure.malformedResponse("status line \(statusLine.debugDescription)")
        }
        var response = LoopbackResponse(status: status, reason: parts.count > 2 ? String(parts[2]) : "")
        while true {
            let field = try line(until: deadline)
            if field.isEmpty { return response }
            guard let colon = field.firstIndex(of: ASCII.colon) else {
                throw Failure.malformedResponse(
                    "header line \(String(decoding: field, as: UTF8.self).debugDescription)")
            }
            response.headers.add(
                String(decoding: field[..<colon], as: UTF8.self),
                String(decoding: ASCII.trimmed(field[(colon + 1)...]), as: UTF8.self))
        }
    }

    private func readChunk(until deadline: Deadline) throws -> [UInt8]? {
        let sizeLine = try line(until: deadline)
        let digits = sizeLine.prefix { ASCII.hexValue($0) != nil }
        guard !digits.isEmpty, digits.count <= 15 else {
            throw Failure.malformedResponse(
                "chunk size line \(String(decoding: sizeLine, as: UTF8.self).debugDescription)")
        }
        let size = digits.reduce(0) { $0 * 16 + ASCII.hexValue($1)! }
        if size == 0 {
            while try !line(until: deadline).isEmpty {}
            return nil
        }
        while buffered < size + 2 { try fill(until: deadline, waitingFor: "a chunk") }
        let chunk = take(size)
        guard take(2) == [ASCII.carriageReturn, ASCII.lineFeed] else { throw Failure.malformedResponse("chunk end") }
        return chunk
    }
}

// File-level, so the class's own `close()` and `connect` do not shadow the system calls.

/// A connected non-blocking socket to 127.0.0.1:`port`.
private func connectedSocket(port: Int, deadline: Deadline) throws -> Int32 {
    let descriptor = SystemCalls.streamSocket(family: AF_INET)
    guard descriptor >= 0 else { throw LoopbackClient.Failure.connectFailed(errno: errno) }
    #if canImport(Darwin)
        SystemCalls.preventSIGPIPE(descriptor)
    #endif
    var address = sockaddr_in()
    #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
    #endif
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(truncatingIfNeeded: port)).bigEndian
    address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
    let started = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
    }
    var code = started == 0 ? 0 : errno
    if code == EINPROGRESS {
        var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        var ready: Int32
        repeat { ready = poll(&entry, 1, deadline.pollTimeout) } while ready < 0 && errno == EINTR
        guard ready > 0 else {
            closeSocket(descriptor)
            throw LoopbackClient.Failure.timedOut(waitingFor: "connect")
        }
        var length = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &code, &length)
    }
    guard code == 0 else {
        closeSocket(descriptor)
        throw LoopbackClient.Failure.connectFailed(errno: code)
    }
    return descriptor
}

private func closeSocket(_ descriptor: Int32) {
    _ = close(descriptor)
}

private func localPortNumber(of descriptor: Int32) -> Int {
    var local = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &local) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
    }
    return Int(UInt16(bigEndian: local.sin_port))
}
