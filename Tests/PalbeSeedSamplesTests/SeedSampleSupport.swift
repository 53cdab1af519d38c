import EmulatorPalbase
import EmulatorTestSupport
import ErrorCore
import Foundation
import Palbe
import PalbeSample
import SDKTransport
import Testing

// Scaffolding the samples lean on, kept out of the sample files so those import only Palbe.

/// The page's telemetry sink: records what the error hook saw.
enum Telemetry {
    private static let recorded = Locked<[String]>([])

    static func record(code: String, requestId: String?) {
        recorded.withLock { $0.append(code + " " + (requestId ?? "-")) }
    }

    static var codes: [String] { recorded.withLock { $0 } }
}

/// Runs `body` with a `Palbe` client against a fresh in-memory emulator serving the sample backend.
///
/// The client and `body` see a `PalbeCorrelation.shared` of their own (bound for this task tree), so
/// a sample that reads the last request id, as an app does, reads this client's and not that of a
/// test running in parallel. The backend's clock stands still, so a lock's `Retry-After` reads the
/// same on every answer however long a busy machine takes between them.
func withSampleBackend<T>(
    isolation: isolated (any Actor)? = #isolation, _ body: (PalbeClient, EmulatorServer) async throws -> T
) async throws -> T {
    try await PalbeCorrelation.$scoped.withValue(PalbeCorrelation()) {
        let now = Date()
        let backend = SampleBackend(clock: { now })
        return try await withRunningEmulator(.testing(palbaseHandlers: [backend])) { emulator, baseURL in
            let configuration = PalbeConfiguration(
                baseURL: baseURL, apiKey: emulator.apiKey, environment: "test", requestTimeout: .seconds(30))
            return try await body(
                PalbeClient(configuration: configuration, transport: DefaultTransport.make()), emulator)
        }
    }
}

/// Runs `body` with a `Palbe` client against a fresh in-memory emulator serving the auth service (cheap
/// password hashing) and the sample backend. The client keeps its session in a temporary directory of
/// its own, never in the user's data directory.
func withAuthSampleBackend<T>(
    isolation: isolated (any Actor)? = #isolation, _ body: (PalbeClient, AuthSampleBackend) async throws -> T
) async throws -> T {
    try await withTemporaryDirectory { directory in
        try await PalbeCorrelation.$scoped.withValue(PalbeCorrelation()) {
            let services: [any PalbaseRouteHandler] = [AuthService(policy: .testing), SampleBackend()]
            return try await withRunningEmulator(.testing(palbaseHandlers: services)) { emulator, baseURL in
                let configuration = PalbeConfiguration(
                    baseURL: baseURL, apiKey: emulator.apiKey, environment: "test",
                    sealingKey: emulator.sealingPublicKeyBase64URL, requestTimeout: .seconds(30))
                let client = PalbeClient(
                    configuration: configuration, transport: DefaultTransport.make(),
                    runtime: PalbeRuntime(sessionStore: SessionStorage.directory(directory)))
                return try await body(client, AuthSampleBackend(emulator: emulator, baseURL: baseURL))
            }
        }
    }
}

/// The emulator behind the auth samples: its inbox and its admin API.
struct AuthSampleBackend: Sendable {
    let emulator: EmulatorServer
    let baseURL: URL

    /// The metadata of the newest inbox message of `kind` to `recipient`.
    func inbox(to recipient: String, kind: String) throws -> [String: String] {
        let messages = try emulator.inbox.messages(to: recipient).filter { $0.metadata["kind"] == kind }
        return try #require(messages.last, "no \(kind) message to \(recipient)").metadata
    }

    /// Calls `/__emulator/auth/<path>` and returns the status.
    @discardableResult
    func admin(_ method: String, _ path: String, json: String? = nil) async throws -> Int {
        try await EmulatorTestClient(baseURL: baseURL, timeout: 30).send(
            method, "/__emulator/auth/" + path, body: json.map { Data($0.utf8) }
        ).status
    }
}
