import EmulatorTestSupport
import ErrorCore
import Foundation
import SDKTransport

/// A transport that holds matching requests until the test opens the gate: ``arrived`` fires when the
/// first one reaches it, and it is sent once ``open`` fires. Everything else passes to `base`.
final class GatedTransport: Transport {
    /// Fired when a matching request reached the gate.
    let arrived = TestSignal()
    /// Fire it to let matching requests through.
    let open = TestSignal()
    private let base: any Transport
    private let matches: @Sendable (HTTPRequest) -> Bool

    init(base: any Transport, matches: @escaping @Sendable (HTTPRequest) -> Bool) {
        self.base = base
        self.matches = matches
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        if matches(request) {
            arrived.fire()
            await open.wait()
        }
        return try await base.send(request)
    }

    func stream(_ request: HTTPRequest) async throws -> HTTPStreamingResponse {
        try await base.stream(request)
    }
}
