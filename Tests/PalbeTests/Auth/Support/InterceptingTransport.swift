import ErrorCore
import Foundation
import SDKTransport

/// A transport that runs `hook` before each request it passes on to `inner`, and counts what it sent:
/// a hook can hold a request back, fail it, or change the world before it arrives.
struct InterceptingTransport: Transport {
    let inner: any Transport
    let hook: @Sendable (HTTPRequest) async throws -> Void
    private let log = Locked<[HTTPRequest]>([])

    init(_ inner: any Transport = DefaultTransport.make(), hook: @escaping @Sendable (HTTPRequest) async throws -> Void)
    {
        self.inner = inner
        self.hook = hook
    }

    /// Every request handed to this transport, oldest first.
    var requests: [HTTPRequest] { log.withLock { $0 } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        log.withLock { $0.append(request) }
        try await hook(request)
        return try await inner.send(request)
    }

    func stream(_ request: HTTPRequest) async throws -> HTTPStreamingResponse {
        log.withLock { $0.append(request) }
        try await hook(request)
        return try await inner.stream(request)
    }
}
