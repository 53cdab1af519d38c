import ErrorCore
import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A one-shot HTTP listener on 127.0.0.1 for an OAuth redirect (RFC 8252 §7.3): bound to a port the
/// system picks, it answers requests until the callback arrives, answers that one with a small page,
/// and hands back its URL.
///
/// Any local process can reach the port, so a request is the callback only when it is `GET <path>`
/// and the presenter's `isCallback` accepts its URL (it carries the transaction's `state`); anything
/// else gets a 4xx and the listener keeps waiting for the real one, until the timeout.
///
/// Small by design and hostile-input safe: a request head is read up to ``maxHeadBytes`` and for at
/// most ``readTimeout`` per connection; up to ``maxConnections`` connections are served at once, each
/// on a thread of its own, so idle connections cannot hold the callback back; it never writes to a
/// socket that can raise `SIGPIPE`.
final class LoopbackListener: @unchecked Sendable {
    /// The largest request head read; more is answered 431 and dropped.
    static let maxHeadBytes = 8 * 1024
    /// How long one connection may take to send its request head, by default.
    static let readTimeout: Duration = .seconds(3)
    /// Connections served at once; more are closed as they arrive.
    static let maxConnections = 16

    /// The port the system picked.
    let port: Int
    /// The path a callback must arrive on, percent-encoded as sent (`/callback`).
    let path: String
    private let socket: Int32
    private let state = Locked(
        (closed: false, cancelled: false, serving: 0, callback: URL?.none))

    /// How long one connection may take to send its request head.
    let headTimeout: Duration

    /// Binds 127.0.0.1 on a free port and listens for `path`.
    init(path: String, headTimeout: Duration = LoopbackListener.readTimeout) throws(OAuthPresenterError) {
        self.path = path
        self.headTimeout = headTimeout
        let fd = Self.makeSocket()
        guard fd >= 0 else { throw .unavailable(reason: "socket() failed (errno \(errno))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        #if canImport(Darwin)
            address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(fd, raw, length) == 0 && listen(fd, 8) == 0 && getsockname(fd, raw, &length) == 0
            }
        }
        guard bound else {
            let code = errno
            _ = close(fd)
            throw .unavailable(reason: "the loopback listener could not bind (errno \(code))")
        }
        socket = fd
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { shutdown() }

    /// Stops listening; a waiting ``callback(timeout:)`` ends.
    func shutdown() {
        let wasOpen = state.withLock { state in
            defer { state.closed = true }
            return !state.closed
        }
        if wasOpen { _ = close(socket) }
    }

    /// Waits for the callback, on a thread of its own (the waits block), for at most `timeout`; a
    /// request on the path whose URL `isCallback` refuses is answered 400 and not taken.
    ///
    /// - Throws: ``OAuthPresenterError/timedOut``; `CancellationError` when the task is cancelled.
    func callback(
        timeout: Duration, isCallback: @escaping @Sendable (URL) -> Bool = { _ in true }
    ) async throws
        -> URL
    {
        let deadline = ContinuousClock.now + timeout
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<URL, any Error>) in
                Thread {
                    continuation.resume(with: Result { try self.serve(until: deadline, isCallback: isCallback) })
                }.start()
            }
        } onCancel: {
            state.withLock { $0.cancelled = true }
        }
    }

    /// Accepts connections until one is the callback, checking for it and for cancellation ten times a
    /// second; each connection is handled on a thread of its own.
    private func serve(
        until deadline: ContinuousClock.Instant, isCallback: @escaping @Sendable (URL) -> Bool
    )
        throws -> URL
    {
        while true {
            let flags = state.withLock { $0 }
            if let callback = flags.callback { return callback }
            if flags.cancelled { throw CancellationError() }
            if flags.closed { throw OAuthPresenterError.cancelled }
            if ContinuousClock.now >= deadline { throw OAuthPresenterError.timedOut }
            guard Self.waitReadable(socket, milliseconds: 100) else { continue }
            let client = accept(socket, nil, nil)
            guard client >= 0 else { continue }
            Self.suppressSigpipe(client)
            let admitted = state.withLock { state in
                guard state.serving < Self.maxConnections else { return false }
                state.serving += 1
                return true
            }
            guard admitted else {
                _ = close(client)
                continue
            }
            Thread {
                defer {
                    _ = close(client)
                    self.state.withLock { $0.serving -= 1 }
                }
                guard let url = self.handle(client, isCallback: isCallback) else { return }
                self.state.withLock { state in
                    if state.callback == nil { state.callback = url }
                }
            }.start()
        }
    }

    /// Reads one request head from `client` and answers it; the callback's URL when it is one.
    private func handle(_ client: Int32, isCallback: (URL) -> Bool) -> URL? {
        guard let head = readHead(client) else {
            Self.respond(client, status: "431 Request Header Fields Too Large", body: "Request too large.")
            return nil
        }
        // "\r\n" is one Character in Swift, so it is named on its own.
        let line = head.prefix { $0 != "\r\n" && $0 != "\r" && $0 != "\n" }.split(
            separator: " ", omittingEmptySubsequences: false)
        guard line.count == 3, line[2].hasPrefix("HTTP/1."), line[1].hasPrefix("/") else {
            Self.respond(client, status: "400 Bad Request", body: "Bad request.")
            return nil
        }
        let target = String(line[1])
        let targetPath = String(target.prefix { $0 != "?" })
        guard line[0] == "GET", targetPath == path, let url = URL(string: "http://127.0.0.1:\(port)\(target)") else {
            Self.respond(client, status: "404 Not Found", body: "Not found.")
            return nil
        }
        guard isCallback(url) else {
            // Not this sign-in's callback (no state, or another's): the real one may still come.
            Self.respond(client, status: "400 Bad Request", body: "This is not the sign-in in progress.")
            return nil
        }
        Self.respond(
            client, status: "200 OK", body: "Sign-in complete. You can close this window and return to the app.")
        return url
    }

    // MARK: - Sockets

    private static func makeSocket() -> Int32 {
        #if canImport(Darwin)
            Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #elseif canImport(Glibc)
            Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            Musl.socket(AF_INET, SOCK_STREAM, 0)
        #endif
    }

    private static func waitReadable(_ fd: Int32, milliseconds: Int32) -> Bool {
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, milliseconds) > 0
    }

    /// The request head (up to the blank line), or nil when it is larger than ``maxHeadBytes``, does not
    /// arrive within ``headTimeout``, or the listener shut down meanwhile.
    private func readHead(_ fd: Int32) -> String? {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 2048)
        let deadline = ContinuousClock.now + headTimeout
        while bytes.count <= Self.maxHeadBytes {
            let left = deadline - ContinuousClock.now
            guard left > .zero, !state.withLock({ $0.closed }) else { return nil }
            // At most 100 ms at a time, to notice a shutdown.
            let milliseconds = Int32(max(1, min(100, (left / .milliseconds(1)).rounded(.up))))
            guard Self.waitReadable(fd, milliseconds: milliseconds) else { continue }
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return nil }
            bytes.append(contentsOf: chunk[0..<count])
            if let end = bytes.firstRange(of: [13, 10, 13, 10]) {
                return String(decoding: bytes[..<end.lowerBound], as: UTF8.self)
            }
        }
        return nil
    }

    private static func respond(_ fd: Int32, status: String, body: String) {
        let html =
            "<!doctype html><html><head><meta charset=\"utf-8\"><title>Palbase</title></head><body><p>"
            + body + "</p></body></html>"
        let response =
            "HTTP/1.1 \(status)\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: \(html.utf8.count)\r\n"
            + "Cache-Control: no-store\r\nConnection: close\r\n\r\n" + html
        var bytes = Array(response.utf8)[...]
        while !bytes.isEmpty {
            let sent = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, sendFlags) }
            guard sent > 0 else { return }
            bytes = bytes.dropFirst(sent)
        }
    }

    #if canImport(Darwin)
        private static let sendFlags: Int32 = 0
        private static func suppressSigpipe(_ fd: Int32) {
            var on: Int32 = 1
            _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        }
    #else
        private static let sendFlags = Int32(MSG_NOSIGNAL)
        private static func suppressSigpipe(_ fd: Int32) {}
    #endif
}
