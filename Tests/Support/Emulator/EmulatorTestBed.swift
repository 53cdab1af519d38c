import EmulatorCore
import Foundation
import Testing

/// Runs `body` against an emulator started with `configuration` (for tests,
/// `EmulatorConfiguration.testing(palbaseHandlers:)`: in memory, an ephemeral port on 127.0.0.1) and
/// always shuts it down, also when `body` throws.
package func withRunningEmulator<T>(
    _ configuration: EmulatorConfiguration, isolation: isolated (any Actor)? = #isolation,
    _ body: (EmulatorServer, URL) async throws -> T
) async throws -> T {
    let emulator = try EmulatorServer(configuration: configuration)
    do {
        let baseURL = try emulator.start()
        let result = try await body(emulator, baseURL)
        await emulator.shutdown()
        return result
    } catch {
        await emulator.shutdown()
        throw error
    }
}

extension EmulatorServer {
    /// Every logged request whose path starts with `prefix`, oldest first.
    package func requests(to prefix: String = "/") throws -> [LoggedRequest] {
        try recentRequests(limit: 1_000).filter { $0.path.hasPrefix(prefix) }
    }

    /// The one logged request to `prefix`; fails the test when there is not exactly one.
    package func onlyRequest(
        to prefix: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> LoggedRequest {
        let matching = try requests(to: prefix)
        try #require(
            matching.count == 1, "expected one request to \(prefix), got \(matching.count)",
            sourceLocation: sourceLocation)
        return matching[0]
    }
}
