import ErrorCore
import Foundation
import SDKTransport

/// A transport that fails matching requests before sending a byte (what the emulator cannot do:
/// the request never leaves), and passes the rest to `base`.
final class FailingTransport: Transport {
    private let base: any Transport
    private let matches: @Sendable (HTTPRequest) -> Bool
    private let remaining: Locked<Int>
    private let count = Locked(0)

    /// Fails at most `times` matching requests.
    init(base: any Transport, times: Int = .max, matches: @escaping @Sendable (HTTPRequest) -> Bool) {
        self.base = base
        self.matches = matches
        remaining = Locked(times)
    }

    /// How many requests it failed.
    var failures: Int { count.withLock { $0 } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let fail =
            matches(request)
            && remaining.withLock { remaining in
                guard remaining > 0 else { return false }
                remaining -= 1
                return true
            }
        if fail {
            count.withLock { $0 += 1 }
            throw TransportError(code: .cannotConnectToHost, requestSent: false, message: "refused before sending")
        }
        return try await base.send(request)
    }

    func stream(_ request: HTTPRequest) async throws -> HTTPStreamingResponse {
        try await base.stream(request)
    }
}
