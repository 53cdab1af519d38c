import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The upload benchmark's receiving end: an HTTP/1.1 server that reads each request's `Content-Length`
/// body into one fixed 256 KiB buffer and discards it, then answers `{"received": <bytes>}` on a kept-alive
/// connection. It never holds a body, so it can take 100 MB uploads that the emulator's `HTTPServer`
/// (which buffers bodies, up to 8 MiB) would refuse.
///
/// It runs in a child process (`Benchmarks --upload-sink`), so the client process's resident set, which
/// the benchmark measures, holds only the client's memory.
enum UploadSink {
    /// The child-process entry point: listens on 127.0.0.1, prints `PORT <n>`, serves until killed.
    static func serve() -> Never {
        signal(SIGPIPE, SIG_IGN)
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var reuse: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(listener, raw, length) == 0 && listen(listener, 16) == 0
                    && getsockname(listener, raw, &length) == 0
            }
        }
        guard bound else { fatalError("upload sink: cannot listen (errno \(errno))") }
        FileHandle.standardOutput.write(Data("PORT \(UInt16(bigEndian: address.sin_port))\n".utf8))
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { continue }
            Thread.detachNewThread { serveConnection(connection) }
        }
    }

    private static func serveConnection(_ descriptor: Int32) {
        defer { close(descriptor) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 256 << 10, alignment: 16)
        defer { buffer.deallocate() }
        var pending: [UInt8] = []
        while true {
            // The head: read until the empty line.
            var headEnd: Int?
            while headEnd == nil {
                if let end = endOfHead(pending) {
                    headEnd = end
                    break
                }
                let count = recv(descriptor, buffer.baseAddress, buffer.count, 0)
                guard count > 0 else { return }
                pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
            }
            let head = String(decoding: pending[0..<headEnd!], as: UTF8.self).lowercased()
            pending.removeFirst(headEnd!)
            var remaining = contentLength(in: head)
            if head.contains("expect: 100-continue") {
                sendAll(descriptor, Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))
            }
            // The body: whatever came with the head, then straight into the scratch buffer and dropped.
            let fromPending = min(remaining, pending.count)
            pending.removeFirst(fromPending)
            remaining -= fromPending
            let received = contentLength(in: head)
            while remaining > 0 {
                let count = recv(descriptor, buffer.baseAddress, min(buffer.count, remaining), 0)
                guard count > 0 else { return }
                remaining -= count
            }
            let body = "{\"received\":\(received)}"
            let response =
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nX-Request-Id: req_sink\r\n"
                + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
            guard sendAll(descriptor, Array(response.utf8)) else { return }
        }
    }

    private static func endOfHead(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 3..<bytes.count
        where bytes[index] == 0x0A && bytes[index - 1] == 0x0D && bytes[index - 2] == 0x0A && bytes[index - 3] == 0x0D {
            return index + 1
        }
        return nil
    }

    private static func contentLength(in head: String) -> Int {
        for line in head.split(separator: "\r\n") where line.hasPrefix("content-length:") {
            return Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) ?? 0
        }
        return 0
    }

    @discardableResult
    private static func sendAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes {
                send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }

    /// A sink in a child process, started from this executable; stopped with ``stop()``.
    final class Child {
        let port: Int
        private let process: Process

        init() throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
            if !FileManager.default.isExecutableFile(atPath: process.executableURL!.path),
                let path = Bundle.main.executablePath
            {
                process.executableURL = URL(fileURLWithPath: path)
            }
            process.arguments = ["--upload-sink"]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            var line = Data()
            while !line.contains(UInt8(ascii: "\n")) {
                guard let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty else {
                    throw CocoaError(.fileReadUnknown)
                }
                line.append(byte)
            }
            let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            guard text.hasPrefix("PORT "), let port = Int(text.dropFirst(5)) else {
                throw CocoaError(.fileReadCorruptFile)
            }
            self.port = port
            self.process = process
        }

        /// Kills the sink. SIGKILL, not `terminate()`'s SIGTERM: a child spawned from a libdispatch thread may
        /// inherit a signal mask that blocks SIGTERM.
        func stop() {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
}
