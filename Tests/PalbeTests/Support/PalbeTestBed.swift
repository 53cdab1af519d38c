import EmulatorPalbase
import EmulatorTestSupport
import ErrorCore
import Foundation
import Palbe
import SDKTransport
import Testing

/// A running emulator (sample backend plus ``ProbeHandler``) and what a test needs to point Palbe
/// clients at it. Created by ``withPalbe(_:)``; every request a client makes is bounded by
/// ``requestTimeout``, so no test can hang on a server that stopped answering.
struct PalbeTestBed: Sendable {
    /// Bound on every exchange a test client makes.
    static let requestTimeout: Duration = .seconds(5)

    let emulator: EmulatorServer
    let sample: SampleBackend
    let baseURL: URL
    let recorder: RuntimeRecorder

    /// A configuration for this emulator: pinned sealing key unless `pinSealingKey` is false.
    func configuration(pinSealingKey: Bool = true, appVersion: String? = "3.1.4") -> PalbeConfiguration {
        PalbeConfiguration(
            baseURL: baseURL, apiKey: emulator.apiKey, environment: "test",
            sealingKey: pinSealingKey ? emulator.sealingPublicKeyBase64URL : nil, appVersion: appVersion,
            requestTimeout: Self.requestTimeout)
    }

    /// A client for `configuration` (by default ``configuration(pinSealingKey:appVersion:)``) over the
    /// default transport, with the recorder's runtime.
    func client(_ configuration: PalbeConfiguration? = nil, traceHTTP: Bool = true) -> PalbeClient {
        PalbeClient(
            configuration: configuration ?? self.configuration(), transport: DefaultTransport.make(),
            runtime: recorder.runtime(traceHTTP: traceHTTP))
    }

    /// A client whose device attests with `attester` (`nil`: the platform's own, none on Linux) and keeps
    /// its App Attest key id in `store`.
    func client(attester: (any AppAttester)?, store: ScriptedSecureStore = ScriptedSecureStore()) -> PalbeClient {
        var runtime = recorder.runtime()
        runtime.appAttester = attester
        runtime.sessionStore = store
        return PalbeClient(configuration: configuration(), transport: DefaultTransport.make(), runtime: runtime)
    }

    /// Every logged request whose path starts with `prefix`, oldest first.
    func requests(to prefix: String = "/") throws -> [LoggedRequest] {
        try emulator.requests(to: prefix)
    }

    /// ``requests(to:)`` for use inside `#expect`: a failure to read the log is recorded as an issue
    /// and reads as no requests.
    func sent(to prefix: String = "/", sourceLocation: SourceLocation = #_sourceLocation) -> [LoggedRequest] {
        do {
            return try requests(to: prefix)
        } catch {
            Issue.record(error, sourceLocation: sourceLocation)
            return []
        }
    }

    /// The one logged request to `prefix`; fails the test when there is not exactly one.
    func onlyRequest(to prefix: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> LoggedRequest {
        try emulator.onlyRequest(to: prefix, sourceLocation: sourceLocation)
    }
}

/// Runs `body` against a fresh in-memory emulator on 127.0.0.1 and always shuts it down.
func withPalbe<T>(
    sample configuration: SampleBackendConfiguration = SampleBackendConfiguration(),
    _ body: (PalbeTestBed) async throws -> T
) async throws -> T {
    let sample = SampleBackend(configuration: configuration)
    return try await withRunningEmulator(.testing(palbaseHandlers: [ProbeHandler(), sample])) { emulator, baseURL in
        try await body(PalbeTestBed(emulator: emulator, sample: sample, baseURL: baseURL, recorder: RuntimeRecorder()))
    }
}
