#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The system calls whose spelling or semantics differ between Linux (Glibc) and macOS (Darwin),
/// so the emulator and the test suite also run on a contributor's Mac.
///
/// Linux is the platform CI runs; the Darwin branches cannot be compiled there and are kept to
/// documented POSIX and BSD calls.
package enum SystemCalls {
    #if canImport(Darwin)
        /// Darwin has no `MSG_NOSIGNAL`: `SIGPIPE` is switched off per socket with `SO_NOSIGPIPE`
        /// (see ``preventSIGPIPE(_:)``) instead.
        static let sendFlags = Int32(MSG_DONTWAIT)
    #else
        /// Every send carries `MSG_NOSIGNAL`, so a vanished peer yields `EPIPE`, never `SIGPIPE`.
        static let sendFlags = Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT)
        /// Linux's `POLLRDHUP` (peer shut down its writing half); Glibc hides it behind `_GNU_SOURCE`.
        static let pollReadHangUp: Int16 = 0x2000
    #endif

    /// A non-blocking, close-on-exec TCP socket of `family`, or -1 with `errno` set.
    package static func streamSocket(family: Int32) -> Int32 {
        #if canImport(Darwin)
            let descriptor = socket(family, SOCK_STREAM, 0)
            guard descriptor >= 0 else { return descriptor }
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            return descriptor
        #else
            return socket(
                family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        #endif
    }

    /// Accepts one connection from `listener` as a blocking, close-on-exec socket that never
    /// raises `SIGPIPE`; -1 with `errno` set when nothing was accepted.
    static func accept(
        _ listener: Int32, _ address: UnsafeMutablePointer<sockaddr>, _ length: UnsafeMutablePointer<socklen_t>
    ) -> Int32 {
        #if canImport(Darwin)
            let descriptor = Darwin.accept(listener, address, length)
            guard descriptor >= 0 else { return descriptor }
            // BSD sockets inherit O_NONBLOCK from the listener; Linux's do not.
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
            preventSIGPIPE(descriptor)
        #else
            let descriptor = Glibc.accept(listener, address, length)
            guard descriptor >= 0 else { return descriptor }
        #endif
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        return descriptor
    }

    #if canImport(Darwin)
        /// Darwin's per-socket equivalent of `MSG_NOSIGNAL`.
        package static func preventSIGPIPE(_ descriptor: Int32) {
            var one: Int32 = 1
            _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        }
    #endif

    /// True once the peer has closed, reset, or shut down its sending half. Never blocks.
    static func peerHasHungUp(_ descriptor: Int32) -> Bool {
        #if canImport(Darwin)
            // No POLLRDHUP: a half-close shows as readable with nothing left to read.
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 0) > 0 else { return false }
            if entry.revents & (Int16(POLLHUP) | Int16(POLLERR) | Int16(POLLNVAL)) != 0 { return true }
            var byte: UInt8 = 0
            return recv(descriptor, &byte, 1, Int32(MSG_PEEK) | Int32(MSG_DONTWAIT)) == 0
        #else
            var entry = pollfd(fd: descriptor, events: pollReadHangUp, revents: 0)
            guard poll(&entry, 1, 0) > 0 else { return false }
            return entry.revents & (pollReadHangUp | Int16(POLLHUP) | Int16(POLLERR) | Int16(POLLNVAL)) != 0
        #endif
    }

    /// Names the calling thread (at most 15 bytes), so tests can count the server's threads.
    static func nameCurrentThread(_ name: String) {
        let bytes = Array(name.utf8.prefix(15))
        #if canImport(Darwin)
            _ = pthread_setname_np(String(decoding: bytes, as: UTF8.self))
        #else
            // `pthread_setname_np` and `prctl` are not visible from Swift's Glibc module: use procfs.
            let descriptor = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return }
            _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
        #endif
    }
}
