#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Opening the listening socket and accepting from it.
enum ListeningSocket {
    /// One accepted connection.
    struct Accepted {
        let descriptor: Int32
        let remotePort: Int
    }

    /// What one `accept` attempt produced.
    enum AcceptResult {
        case accepted(Accepted)
        /// Nothing pending (the listener is non-blocking) or a connection died in the backlog.
        case nothingPending
        /// Out of descriptors or memory: back off instead of spinning on a still-readable listener.
        case exhausted
        /// The listener itself is unusable (shut down or closed).
        case listenerFailed
    }

    private static let backlog: Int32 = 1024

    /// Binds and listens; returns the non-blocking, close-on-exec descriptor and the bound port.
    static func open(host: String, port: Int) throws(HTTPServerError) -> (descriptor: Int32, port: Int) {
        guard (0...65535).contains(port) else { throw .invalidAddress(host: host, port: port) }
        var storage = sockaddr_storage()
        let length: socklen_t
        let family: Int32
        let literal = host == "localhost" ? "127.0.0.1" : host
        var address4 = in_addr()
        var address6 = in6_addr()
        if inet_pton(AF_INET, literal, &address4) == 1 {
            family = AF_INET
            length = socklen_t(MemoryLayout<sockaddr_in>.size)
            withUnsafeMutableBytes(of: &storage) { raw in
                let address = raw.baseAddress!.assumingMemoryBound(to: sockaddr_in.self)
                #if canImport(Darwin)
                    address.pointee.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
                #endif
                address.pointee.sin_family = sa_family_t(AF_INET)
                address.pointee.sin_port = in_port_t(UInt16(port)).bigEndian
                address.pointee.sin_addr = address4
            }
        } else if inet_pton(AF_INET6, unbracketed(literal), &address6) == 1 {
            family = AF_INET6
            length = socklen_t(MemoryLayout<sockaddr_in6>.size)
            withUnsafeMutableBytes(of: &storage) { raw in
                let address = raw.baseAddress!.assumingMemoryBound(to: sockaddr_in6.self)
                #if canImport(Darwin)
                    address.pointee.sin6_len = UInt8(MemoryLayout<sockaddr_in6>.size)
                #endif
                address.pointee.sin6_family = sa_family_t(AF_INET6)
                address.pointee.sin6_port = in_port_t(UInt16(port)).bigEndian
                address.pointee.sin6_addr = address6
            }
        } else {
            throw .invalidAddress(host: host, port: port)
        }

        let descriptor = SystemCalls.streamSocket(family: family)
        guard descriptor >= 0 else { throw .systemCallFailed(operation: "socket", code: errno) }
        var one: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        let bound = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        guard bound == 0 else { throw failing(descriptor, "bind") }
        guard listen(descriptor, backlog) == 0 else { throw failing(descriptor, "listen") }

        var actual = sockaddr_storage()
        var actualLength = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let named = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &actualLength) }
        }
        guard named == 0 else { throw failing(descriptor, "getsockname") }
        return (descriptor, portNumber(of: actual))
    }

    /// Accepts one pending connection as a blocking, close-on-exec socket with `TCP_NODELAY`.
    ///
    /// (`accept4` would set close-on-exec atomically, but Glibc's module map hides it and Darwin has
    /// none.)
    static func accept(from listener: Int32) -> AcceptResult {
        var peer = sockaddr_storage()
        var peerLength = socklen_t(MemoryLayout<sockaddr_storage>.size)
        while true {
            let descriptor = withUnsafeMutablePointer(to: &peer) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    SystemCalls.accept(listener, $0, &peerLength)
                }
            }
            if descriptor >= 0 {
                Socket.setNoDelay(descriptor)
                return .accepted(Accepted(descriptor: descriptor, remotePort: portNumber(of: peer)))
            }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK, ECONNABORTED, EPROTO, EPERM: return .nothingPending
            case EMFILE, ENFILE, ENOBUFS, ENOMEM: return .exhausted
            default: return .listenerFailed
            }
        }
    }

    private static func portNumber(of storage: sockaddr_storage) -> Int {
        let family = Int32(storage.ss_family)
        return withUnsafeBytes(of: storage) { raw in
            switch family {
            case AF_INET: Int(UInt16(bigEndian: raw.load(as: sockaddr_in.self).sin_port))
            case AF_INET6: Int(UInt16(bigEndian: raw.load(as: sockaddr_in6.self).sin6_port))
            default: 0
            }
        }
    }

    private static func unbracketed(_ host: String) -> String {
        guard host.hasPrefix("["), host.hasSuffix("]") else { return host }
        return String(host.dropFirst().dropLast())
    }

    private static func failing(_ descriptor: Int32, _ operation: String) -> HTTPServerError {
        let code = errno
        close(descriptor)
        return .systemCallFailed(operation: operation, code: code)
    }
}
