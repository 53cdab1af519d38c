import ErrorCore
import Foundation
import SDKTransport

/// A transport that gives the first `times` `validate` requests a timeout of their own (everything
/// else keeps its own), so a test can time out `validate` without risking the other exchanges on a
/// loaded machine.
final class ValidateTimeoutTransport: Transport {
    private let base: any Transport
    private let timeout: Duration
    private let remaining: Locked<Int>

    init(base: any Transport, timeout: Duration, times: Int = .max) {
        self.base = base
        self.timeout = timeout
        remaining = Locked(times)
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        var request = request
        if request.url.path.hasSuffix("/validate"),
            remaining.withLock({ remaining in
                guard remaining > 0 else { return false }
                remaining -= 1
                return true
            })
        {
            request.timeout = timeout
        }
        return try await base.send(request)
    }

    func stream(_ request: HTTPRequest) async throws -> HTTPStreamingResponse {
        try await base.stream(request)
    }
}
