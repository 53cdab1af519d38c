import EmulatorPalbase
import EmulatorTestSupport
import ErrorCore
import Foundation
import Palbe
import SDKTransport
import Testing

/// An in-memory emulator serving the sample backend on 127.0.0.1, and a Palbe client for it on
/// `CurlTransport`. Every exchange is bounded by ``requestTimeout``, so no test can hang.
struct SampleBed: Sendable {
    /// Generous because the whole suite shares two cores: CPU-bound suites can hold the cooperative
    /// pool (where the emulator answers) for several seconds while these tests start.
    static let requestTimeout: Duration = .seconds(30)

    let emulator: EmulatorServer
    let sample: SampleBackend
    let palbe: PalbeClient

    /// The logged requests whose method is `method` and whose path starts with `prefix`, oldest first.
    func requests(_ method: String, to prefix: String) throws -> [LoggedRequest] {
        try emulator.recentRequests(limit: 1_000).filter { $0.method == method && $0.path.hasPrefix(prefix) }
    }

    /// The body of the last `method` request to `prefix`, as a JSON object.
    func lastBody(_ method: String, to prefix: String) throws -> [String: Any] {
        let request = try #require(try requests(method, to: prefix).last)
        return try #require(try JSONSerialization.jsonObject(with: request.body) as? [String: Any])
    }
}

/// Runs `body` against a fresh emulator with the sample backend (reading `clock`, the real time by
/// default) and always shuts it down.
func withSample<T>(
    clock: @escaping @Sendable () -> Date = { Date() }, _ body: (SampleBed) async throws -> T
) async throws -> T {
    let sample = SampleBackend(clock: clock)
    return try await withRunningEmulator(.testing(palbaseHandlers: [sample])) { emulator, baseURL in
        let configuration = PalbeConfiguration(
            baseURL: baseURL, apiKey: emulator.apiKey, environment: "test", requestTimeout: SampleBed.requestTimeout)
        return try await body(
            SampleBed(
                emulator: emulator, sample: sample,
                palbe: PalbeClient(configuration: configuration, transport: DefaultTransport.make())))
    }
}
