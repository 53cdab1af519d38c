import ErrorCore
import Foundation
import SDKTransport

/// A transport that answers every request with `status` and `body` (for shapes the emulator never
/// sends), recording what it was asked.
struct CannedTransport: Transport {
    let status: Int
    let body: String
    private let log = Locked<[HTTPRequest]>([])

    init(status: Int = 200, body: String) {
        self.status = status
        self.body = body
    }

    var requests: [HTTPRequest] { log.withLock { $0 } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        log.withLock { $0.append(request) }
        return HTTPResponse(
            status: status, headers: ["Content-Type": "application/json", "X-Request-Id": "req_canned"],
            body: Data(body.utf8))
    }

    func stream(_ request: HTTPRequest) async throws -> HTTPStreamingResponse {
        throw TransportError(code: .unsupportedURL, requestSent: false, message: "no streams here")
    }
}
