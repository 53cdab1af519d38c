import ErrorCore
import Foundation
import SDKTransport

/// Which ``Transport`` a shared conformance test runs against.
///
/// `curl` exists only where libcurl is linked: not in the portable build (`SDK_PORTABLE=1`), which
/// runs the same suites on URLSession alone, as an iPhone would.
public enum TransportKind: String, CaseIterable, Sendable, CustomStringConvertible {
    #if canImport(CCurl)
        case curl
    #endif
    case urlSession

    /// A fresh transport of this kind (its own connections, so tests do not share state).
    public func makeTransport() -> any Transport {
        switch self {
        #if canImport(CCurl)
            case .curl: CurlTransport()
        #endif
        case .urlSession: URLSessionTransport()
        }
    }

    /// The kind ``DefaultTransport/make()`` returns in this build: the one the SDK suites run on.
    public static var `default`: TransportKind {
        #if canImport(CCurl)
            if DefaultTransport.make() is CurlTransport { return .curl }
        #endif
        return .urlSession
    }

    /// Whether request header fields reach the wire in the order the caller listed them. `URLRequest`
    /// keeps its fields in a dictionary, so URLSession (on Apple platforms too) sends them in an
    /// order of its own; the names and values are still the caller's.
    public var preservesRequestHeaderOrder: Bool {
        switch self {
        #if canImport(CCurl)
            case .curl: true
        #endif
        case .urlSession: false
        }
    }

    /// `curl` or `urlSession`, as test names show it.
    public var description: String { rawValue }
}

/// A bounded wait exceeded: the operation under test hung.
public struct TransportTestTimeout: Error, CustomStringConvertible {
    /// The bound that was exceeded.
    public let limit: Duration
    /// Says which bound was exceeded.
    public var description: String { "operation did not finish within \(limit)" }
}

/// Small helpers transport tests share.
public enum TransportTestKit {
    /// Runs `operation`, throwing ``TransportTestTimeout`` if it takes longer than `limit` (the
    /// operation is cancelled then). Keeps a broken transport from hanging the test run.
    public static func withDeadline<T: Sendable>(
        _ limit: Duration, _ operation: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        try await withThrowingTaskGroup(of: T.self) { group in
            group.addTask { try await operation() }
            group.addTask {
                try await Task.sleep(for: limit)
                throw TransportTestTimeout(limit: limit)
            }
            defer { group.cancelAll() }
            return try await group.next()!
        }
    }

    /// A TCP port on 127.0.0.1 that nothing listens on: bound, then closed again, so a connect to it is
    /// refused.
    public static func closedPort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EMFILE) }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(fd, socketAddress, length) == 0 && getsockname(fd, socketAddress, &length) == 0
            }
        }
        guard bound else { throw POSIXError(.EADDRINUSE) }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// `count` bytes of a fixed pattern that is different at every offset modulo 251, so a dropped,
    /// duplicated or reordered chunk changes the result.
    public static func patternBytes(_ count: Int, seed: Int = 0) -> Data {
        // Built from a repeated 251-byte block: per-byte work is too slow for megabytes in debug builds
        // and would starve the cooperative pool the other tests share.
        let block = Data((0..<251).map { UInt8(truncatingIfNeeded: ($0 &+ seed) % 251) })
        var data = Data(capacity: count + 251)
        while data.count < count { data.append(block) }
        return data.prefix(count)
    }
}
