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
        /// CurlTransport with ``CurlTransport/Configuration/inlineWait`` at zero: every answer is read on
        /// its engine thread and handed back, the path concurrent requests take, whatever the timing.
        case curlEngine
        /// CurlTransport with the test's Task on the transport's own thread (``CurlTransport/taskExecutor``):
        /// every request starts there and every answer comes back there (see ``run(on:_:)``).
        case curlExecutor
    #endif
    case urlSession

    /// A fresh transport of this kind (its own connections, so tests do not share state).
    public func makeTransport() -> any Transport {
        switch self {
        #if canImport(CCurl)
            case .curl, .curlExecutor: CurlTransport()
            case .curlEngine:
                CurlTransport(
                    configuration: {
                        var configuration = CurlTransport.Configuration()
                        configuration.inlineWait = .zero
                        return configuration
                    }())
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
            case .curl, .curlEngine, .curlExecutor: true
        #endif
        case .urlSession: false
        }
    }

    /// Runs `body` where a Task of this kind runs: on `transport`'s own thread for `curlExecutor` (when
    /// `transport` is a CurlTransport), else where the caller runs.
    public func run<T: Sendable>(
        on transport: any Transport, _ body: @Sendable () async throws -> T
    ) async throws -> T {
        #if canImport(CCurl)
            if self == .curlExecutor, let curl = transport as? CurlTransport {
                return try await withTaskExecutorPreference(curl.taskExecutor) { try await body() }
            }
        #endif
        return try await body()
    }

    /// `curl`, `curlEngine`, `curlExecutor` or `urlSession`, as test names show it.
    public var description: String { rawValue }
}

/// Small helpers transport tests share (``withDeadline(_:_:)`` is declared with the type, in `TestSupportCore`).
extension TransportTestKit {
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
