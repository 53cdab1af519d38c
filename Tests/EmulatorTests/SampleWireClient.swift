import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the sample backend answered, as the tests see it.
struct SampleReply: Sendable {
    let status: Int
    /// Header fields by lowercased name (the last value wins).
    let headers: [String: String]
    let body: Data

    func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// The body as JSON (an empty view when it is not JSON).
    var json: SampleJSONView { SampleJSONView(json: body) }

    /// The envelope's `error` code, when the body is one.
    var errorCode: String? { json["error"].string }

    var text: String { String(decoding: body, as: UTF8.self) }
}

/// A minimal HTTP/1.1 client on a raw TCP socket, for tests that must send bytes no well-behaved client
/// would: any method (`QUERY` with a body), a request target used verbatim (`/todos/..%2F..`), malformed
/// JSON. One connection per request (`Connection: close`); every socket call is bounded by `timeout`, and
/// the blocking work runs on its own thread so it never ties up the cooperative pool the server needs.
struct SampleWireClient: Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let port: Int
    var timeout: TimeInterval = 5

    func send(_ method: String, _ target: String, headers: [(String, String)], body: Data?) async throws -> SampleReply
    {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if let body { head += "Content-Length: \(body.count)\r\n" }
        let request = Data((head + "\r\n").utf8) + (body ?? Data())
        let port = self.port
        let timeout = self.timeout
        return try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(with: Result { try Self.exchange(request, port: port, timeout: timeout) })
            }
            thread.start()
        }
    }

    private static func exchange(_ request: Data, port: Int, timeout: TimeInterval) throws -> SampleReply {
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw Failure(description: "socket() failed: \(errno)") }
        defer { close(fd) }
        var interval = timeval(tv_sec: Int(timeout), tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &interval, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &interval, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw Failure(description: "connect() failed: \(errno)") }
        try request.withUnsafeBytes { raw in
            var sent = 0
            while sent < raw.count {
                let count = sendBytes(fd, raw.baseAddress! + sent, raw.count - sent)
                guard count > 0 else { throw Failure(description: "send() failed: \(errno)") }
                sent += count
            }
        }
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while !isComplete(received) {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count == 0 { break }
            guard count > 0 else { throw Failure(description: "recv() failed or timed out: \(errno)") }
            received.append(contentsOf: buffer[0..<count])
        }
        return try parse(received)
    }

    private static func sendBytes(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.send(fd, bytes, count, Int32(MSG_NOSIGNAL))
        #else
            Darwin.send(fd, bytes, count, 0)
        #endif
    }

    /// True once the headers and a `Content-Length` body (or the end of a chunked body) have arrived.
    private static func isComplete(_ data: Data) -> Bool {
        guard let split = data.firstRange(of: Data("\r\n\r\n".utf8)) else { return false }
        let head = String(decoding: data[..<split.lowerBound], as: UTF8.self).lowercased()
        let bodyCount = data.count - split.upperBound
        if let line = head.split(separator: "\r\n").first(where: { $0.hasPrefix("content-length:") }),
            let length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces))
        {
            return bodyCount >= length
        }
        if head.contains("transfer-encoding: chunked") { return data.suffix(5) == Data("0\r\n\r\n".utf8) }
        return false
    }

    private static func parse(_ data: Data) throws -> SampleReply {
        guard let split = data.firstRange(of: Data("\r\n\r\n".utf8)) else {
            throw Failure(description: "incomplete response: \(String(decoding: data, as: UTF8.self))")
        }
        let lines = String(decoding: data[..<split.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
            throw Failure(description: "bad status line \(lines[0])")
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        var body = Data(data[split.upperBound...])
        if headers["transfer-encoding"]?.lowercased() == "chunked" { body = try dechunk(body) }
        return SampleReply(status: status, headers: headers, body: body)
    }

    private static func dechunk(_ data: Data) throws -> Data {
        var result = Data()
        var rest = data[...]
        while let lineEnd = rest.firstRange(of: Data("\r\n".utf8)) {
            let sizeText = String(decoding: rest[..<lineEnd.lowerBound], as: UTF8.self)
            guard let size = Int(sizeText, radix: 16) else { throw Failure(description: "bad chunk size") }
            if size == 0 { return result }
            let start = lineEnd.upperBound
            guard rest.endIndex - start >= size + 2 else { throw Failure(description: "truncated chunk") }
            result.append(rest[start..<start + size])
            rest = rest[(start + size + 2)...]
        }
        throw Failure(description: "truncated chunked body")
    }
}
