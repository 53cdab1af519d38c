import Emulator
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
func withSampleBackend<T>(
    isolation: isolated (any Actor)? = #isolation, _ body: (Palbe, EmulatorServer) async throws -> T
) async throws -> T {
    let emulator = try EmulatorServer(configuration: .testing(palbaseHandlers: [SampleBackend()]))
    do {
        let baseURL = try emulator.start()
        let configuration = PalbeConfiguration(
            baseURL: baseURL, apiKey: emulator.apiKey, environment: "test", requestTimeout: .seconds(30))
        let result = try await body(Palbe(configuration: configuration, transport: DefaultTransport.make()), emulator)
        await emulator.shutdown()
        return result
    } catch {
        await emulator.shutdown()
        throw error
    }
}
