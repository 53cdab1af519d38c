import Foundation
import Glibc

/// The blocking socket calls behind `ServerTestClient`, each bounded by a deadline.
enum ServerTestSocket {
    enum Received {
        case bytes([UInt8])
        /// FIN or reset: nothing more will come.
        case end
        case timedOut
    }

    /// Connects a non-blocking socket to 127.0.0.1:`port`.
    static func connect(port: Int, timeout: Duration) throws -> ServerTestClient {
        let descriptor = socket(
            AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard descriptor >= 0 else { throw ServerTestClient.Failure.connectFailed(errno: errno) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(truncatingIfNeeded: port)).bigEndian
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        let started = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        if started != 0 {
            guard errno == EINPROGRESS else { return try failConnect(descriptor, errno) }
            guard wait(descriptor, for: Int16(POLLOUT), until: ContinuousClock.now + timeout) else {
                Glibc.close(descriptor)
                throw ServerTestClient.Failure.timedOut(waitingFor: "connect")
            }
            var code: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &code, &length)
            if code != 0 { return try failConnect(descriptor, code) }
        }
        var local = sockaddr_in()
        var localLength = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &localLength) }
        }
        return ServerTestClient(descriptor: descriptor, localPort: Int(UInt16(bigEndian: local.sin_port)))
    }

    static func send(_ descriptor: Int32, _ bytes: [UInt8], timeout: Duration) throws {
        let deadline = ContinuousClock.now + timeout
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL))
            }
            if sent > 0 {
                offset += sent
                continue
            }
            let code = errno
            guard code == EAGAIN || code == EWOULDBLOCK || code == EINTR else {
                throw ServerTestClient.Failure.sendFailed(errno: code)
            }
            guard wait(descriptor, for: Int16(POLLOUT), until: deadline) else {
                throw ServerTestClient.Failure.timedOut(waitingFor: "the socket to accept bytes")
            }
        }
    }

    static func receive(_ descriptor: Int32, until deadline: ContinuousClock.Instant) -> Received {
        var scratch = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = scratch.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 { return .bytes(Array(scratch[..<count])) }
            if count == 0 { return .end }
            let code = errno
            if code == EINTR { continue }
            guard code == EAGAIN || code == EWOULDBLOCK else { return .end }
            guard wait(descriptor, for: Int16(POLLIN), until: deadline) else { return .timedOut }
        }
    }

    /// Polls until the socket is ready for `events` (or reports an error/hang-up, which the next
    /// call will surface); false when the deadline passed first.
    private static func wait(_ descriptor: Int32, for events: Int16, until deadline: ContinuousClock.Instant) -> Bool {
        while true {
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else { return false }
            let (seconds, attoseconds) = remaining.components
            let milliseconds = Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
            var entry = pollfd(fd: descriptor, events: events, revents: 0)
            let ready = poll(&entry, 1, milliseconds)
            if ready > 0 { return true }
            if ready < 0, errno != EINTR { return true }
        }
    }

    private static func failConnect(_ descriptor: Int32, _ code: Int32) throws -> ServerTestClient {
        Glibc.close(descriptor)
        throw ServerTestClient.Failure.connectFailed(errno: code)
    }
}
