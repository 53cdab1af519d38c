import Emulator
import EmulatorTestSupport
import Foundation
import Testing

/// An in-process emulator serving the sample backend and ``ProbeHandler``, for `sdk palbe …` run as the
/// real executable (``SDKProcess``) against it. Created by ``withPalbe(_:)``.
struct PalbeCLIBed: Sendable {
    let emulator: EmulatorServer
    let baseURL: URL

    /// Every logged request whose path starts with `prefix`, oldest first.
    func requests(to prefix: String = "/") throws -> [LoggedRequest] {
        try emulator.requests(to: prefix)
    }

    /// The one logged request to `prefix`; fails the test when there is not exactly one.
    func onlyRequest(to prefix: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> LoggedRequest {
        try emulator.onlyRequest(to: prefix, sourceLocation: sourceLocation)
    }
}

/// Runs `body` against a fresh in-memory emulator on 127.0.0.1 and always shuts it down.
func withPalbe<T>(_ body: (PalbeCLIBed) async throws -> T) async throws -> T {
    try await withRunningEmulator(.testing(palbaseHandlers: [ProbeHandler(), SampleBackend()])) { emulator, baseURL in
        try await body(PalbeCLIBed(emulator: emulator, baseURL: baseURL))
    }
}
