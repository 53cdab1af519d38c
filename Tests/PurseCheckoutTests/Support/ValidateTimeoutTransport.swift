import Foundation
import SDKTransport

/// A transport that gives `validate` requests a timeout of their own (the others keep theirs), so a
/// test can time out `validate` without risking every other exchange on a loaded machine.
final class ValidateTimeoutTransport: Transport {
    private let base: any Transport
    private let timeout: Duration

    init(base: any Transport, timeout: Duration) {
        self.base = base
        self.timeout = timeout
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        var request = request
        if request.url.path.hasSuffix("/validate") { request.timeout = timeout }
        return try await base.send(request)
    }

    func stream(_ request: HTTPRequest) async throws -> HTTPStreamingResponse {
        try await base.stream(request)
    }
}
