#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Blocking-with-timeout helpers over one connected TCP socket, used only from the connection's
/// own thread (and the accept thread for rejected connections).
///
/// Every wait goes through `poll(2)` with a deadline, so no call here can block past its timeout,
/// and no `send` can raise `SIGPIPE` (`MSG_NOSIGNAL` on Linux, `SO_NOSIGPIPE` on Darwin), so a peer that vanished yields `EPIPE`, never `SIGPIPE`.
package enum Socket {
    /// What one `receive` produced.
    package enum ReceiveResult: Equatable {
        case received(Int)
        case closed
        case timedOut
        case failed
    }

    private static let sendFlags = SystemCalls.sendFlags

    /// Waits until bytes arrive (or the deadline passes) and reads what is there.
    package static func receive(
        _ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, deadline: Deadline
    ) -> ReceiveResult {
        while true {
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&entry, 1, deadline.pollTimeout)
            if ready < 0 {
                if errno == EINTR { continue }
                return .failed
            }
            if ready == 0 {
                if deadline.hasPassed { return .timedOut }
                continue
            }
            if entry.revents & Int16(POLLNVAL) != 0 { return .failed }
            let count = recv(descriptor, buffer.baseAddress, buffer.count, Int32(MSG_DONTWAIT))
            if count > 0 { return .received(count) }
            if count == 0 { return .closed }
            switch errno {
            case EINTR, EAGAIN, EWOULDBLOCK: continue
            default: return .failed
            }
        }
    }

    /// Sends every byte, waiting for the socket to drain when the peer reads slowly.
    ///
    /// Returns `false` when the peer is gone or made no progress for `stallTimeout`: the
    /// timeout restarts on every partial write, so a slow but moving reader is never cut off.
    static func sendAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, stallTimeout: Duration) -> Bool {
        guard var cursor = bytes.baseAddress else { return true }
        var remaining = bytes.count
        var deadline = Deadline.after(stallTimeout)
        while remaining > 0 {
            let sent = send(descriptor, cursor, remaining, sendFlags)
            if sent > 0 {
                cursor += sent
                remaining -= sent
                deadline = .after(stallTimeout)
                continue
            }
            let failure = errno
            if sent < 0, failure == EINTR { continue }
            guard sent == 0 || failure == EAGAIN || failure == EWOULDBLOCK else { return false }
            var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
            let ready = poll(&entry, 1, deadline.pollTimeout)
            if ready < 0, errno != EINTR { return false }
            if ready == 0, deadline.hasPassed { return false }
            if entry.revents & Int16(POLLNVAL) != 0 { return false }
        }
        return true
    }

    package static func sendAll(_ descriptor: Int32, _ bytes: [UInt8], stallTimeout: Duration) -> Bool {
        bytes.withUnsafeBytes { sendAll(descriptor, $0, stallTimeout: stallTimeout) }
    }

    /// Tries once, without waiting, to put a small message on the wire (used for 503 rejections
    /// on the accept thread, which must never block).
    static func sendOnce(_ descriptor: Int32, _ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, sendFlags) }
    }

    /// True once the peer has closed or reset the connection. Never blocks.
    ///
    /// A peer that only half-closed (shut down its sending side) also counts as gone.
    static func peerHasHungUp(_ descriptor: Int32) -> Bool {
        SystemCalls.peerHasHungUp(descriptor)
    }

    /// Sends our FIN but keeps reading, so the peer can still receive everything we sent.
    package static func shutdownWriting(_ descriptor: Int32) {
        _ = shutdown(descriptor, Int32(SHUT_WR))
    }

    /// Ends our receiving side: a thread waiting in `receive` wakes to an end of input, while the
    /// socket can still send (a last answer). Used to shed a connection from another thread.
    static func shutdownReading(_ descriptor: Int32) {
        _ = shutdown(descriptor, Int32(SHUT_RD))
    }

    /// Wakes any thread blocked in `poll`/`recv`/`send` on this socket without closing the
    /// descriptor (closing would let the number be reused under that thread's feet).
    static func shutdownBoth(_ descriptor: Int32) {
        _ = shutdown(descriptor, Int32(SHUT_RDWR))
    }

    /// Half-closes, then discards what the peer still sends until it closes, `deadline` passes
    /// or `maxBytes` were read.
    ///
    /// Closing a socket with unread input makes the kernel send RST, which can destroy the error
    /// response we just wrote before the client reads it; draining first avoids that.
    static func linger(_ descriptor: Int32, until deadline: Deadline, maxBytes: Int) {
        shutdownWriting(descriptor)
        withUnsafeTemporaryAllocation(byteCount: 16 << 10, alignment: 16) { scratch in
            var drained = 0
            while drained < maxBytes {
                guard case .received(let count) = receive(descriptor, into: scratch, deadline: deadline) else {
                    return
                }
                drained += count
            }
        }
    }

    /// Disables Nagle's algorithm: streamed chunks must leave at once, not wait for an ACK.
    package static func setNoDelay(_ descriptor: Int32) {
        var one: Int32 = 1
        _ = setsockopt(
            descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    }
}

extension Socket {
    /// Reads and drops whatever input is waiting, without blocking. Returns false once the peer
    /// has closed or the socket failed.
    static func discardPending(_ descriptor: Int32) -> Bool {
        withUnsafeTemporaryAllocation(byteCount: 4096, alignment: 16) { scratch in
            while true {
                let count = recv(descriptor, scratch.baseAddress, scratch.count, Int32(MSG_DONTWAIT))
                if count > 0 { continue }
                if count == 0 { return false }
                switch errno {
                case EINTR: continue
                case EAGAIN, EWOULDBLOCK: return true
                default: return false
                }
            }
        }
    }
}
