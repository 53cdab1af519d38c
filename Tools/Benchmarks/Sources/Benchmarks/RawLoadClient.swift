import Foundation
import Glibc

/// A load generator that costs the server as little CPU as possible: one thread per keep-alive
/// connection, blocking sockets, a fixed request, responses framed by `Content-Length`.
enum RawLoadClient {
    /// Sends `requestsPerConnection` copies of `request` on each of `connections` connections to
    /// 127.0.0.1:`port`; returns every request's latency in milliseconds and the wall time.
    static func run(
        port: Int, request: String, connections: Int, requestsPerConnection: Int
    ) async -> (latencies: [Double], seconds: Double) {
        let start = ContinuousClock.now
        let latencies = await withTaskGroup(of: [Double].self) { group in
            for _ in 0..<connections {
                group.addTask {
                    await withCheckedContinuation { continuation in
                        Thread {
                            continuation.resume(returning: drive(port, Array(request.utf8), requestsPerConnection))
                        }.start()
                    }
                }
            }
            return await group.reduce(into: [Double]()) { $0 += $1 }
        }
        return (latencies, Measure.micros(ContinuousClock.now - start) / 1_000_000)
    }

    private static func drive(_ port: Int, _ request: [UInt8], _ count: Int) -> [Double] {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { fatalError("connect failed: \(errno)") }
        var samples: [Double] = []
        samples.reserveCapacity(count)
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var pending: [UInt8] = []
        for _ in 0..<count {
            let sent = ContinuousClock.now
            _ = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            while true {
                if let length = responseLength(pending), pending.count >= length {
                    guard pending.starts(with: Array("HTTP/1.1 200".utf8)) else { fatalError("not a 200") }
                    pending.removeFirst(length)
                    break
                }
                let received = recv(fd, &buffer, buffer.count, 0)
                guard received > 0 else { fatalError("connection closed") }
                pending += buffer[0..<received]
            }
            samples.append(Measure.micros(ContinuousClock.now - sent) / 1_000)
        }
        return samples
    }

    /// The whole response's length once its head is complete (head + Content-Length), else nil.
    private static func responseLength(_ bytes: [UInt8]) -> Int? {
        let terminator: [UInt8] = [13, 10, 13, 10]
        guard bytes.count >= 4,
            let end = (0...(bytes.count - 4)).first(where: { bytes[$0..<$0 + 4].elementsEqual(terminator) })
        else { return nil }
        let head = String(decoding: bytes[0..<end], as: UTF8.self).lowercased()
        guard let line = head.split(separator: "\r\n").first(where: { $0.hasPrefix("content-length:") }),
            let length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces))
        else { return nil }
        return end + 4 + length
    }
}
