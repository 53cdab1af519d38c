import Emulator
import EmulatorTestSupport
import ErrorCore
import Foundation
import SDKCLI

/// An in-process emulator with the Chatbase API mounted at `/api/sdk`, and a private chat data
/// directory, for driving `sdk chat` through ``SDKCLI/main(_:_:root:)``.
struct ChatCLIFixture {
    /// How long one CLI run may take before the test fails instead of hanging.
    static let runLimit: Duration = .seconds(20)

    let server: EmulatorServer
    /// The emulator root, as `--base-url` takes it.
    let baseURL: URL
    /// `$SDK_CHAT_DATA_DIR` for every run.
    let dataDirectory: URL

    /// Runs `body` against a fresh emulator and data directory; both are gone afterwards.
    static func with<T>(_ body: (ChatCLIFixture) async throws -> T) async throws -> T {
        var configuration = EmulatorConfiguration.testing()
        configuration.mount(ChatbaseEmulator(), at: "/api/sdk")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sdk-chat-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        return try await withRunningEmulator(configuration) { server, baseURL in
            try await body(ChatCLIFixture(server: server, baseURL: baseURL, dataDirectory: directory))
        }
    }

    /// The environment every run gets.
    var environment: [String: String] { ["SDK_CHAT_DATA_DIR": dataDirectory.path] }

    /// `sdk --base-url <emulator> <line…>`, bounded by `limit`: a run of many exchanges (a tool loop of
    /// eleven rounds) needs more than ``runLimit`` on a loaded machine, where the in-process emulator
    /// shares two cores with every other suite.
    func run(
        _ arguments: [String], extraEnvironment: [String: String] = [:], limit: Duration = runLimit
    ) async throws -> CLIResult {
        let recorded = try await record(
            ["--base-url", baseURL.absoluteString] + arguments, extraEnvironment: extraEnvironment, limit: limit)
        return CLIResult(status: recorded.status, stdout: recorded.stdout.joined(), stderr: recorded.stderr)
    }

    /// `sdk <line…>` exactly as given (no `--base-url` added), bounded by ``runLimit``.
    func runBare(_ arguments: [String], extraEnvironment: [String: String] = [:]) async throws -> CLIResult {
        let recorded = try await record(arguments, extraEnvironment: extraEnvironment)
        return CLIResult(status: recorded.status, stdout: recorded.stdout.joined(), stderr: recorded.stderr)
    }

    /// Runs the CLI keeping every stdout write apart, to see what arrived in how many pieces.
    func record(
        _ arguments: [String], extraEnvironment: [String: String] = [:], limit: Duration = runLimit
    ) async throws -> (status: Int32, stdout: [String], stderr: String) {
        let chunks = ChunkRecorder()
        let stderr = ChunkRecorder()
        let context = OutputContext(
            stdout: chunks.sink, stderr: stderr.sink, environment: environment.merging(extraEnvironment) { $1 })
        let status = try await withThrowingTaskGroup(of: Int32?.self) { group in
            group.addTask { await SDKCLI.main(arguments, context) }
            group.addTask {
                try await Task.sleep(for: limit)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let status = first else { throw FixtureError.timedOut(arguments) }
            return status
        }
        return (status, chunks.chunks, stderr.chunks.joined())
    }

    /// The JSON object of a successful `--json` run.
    func json(_ arguments: [String], extraEnvironment: [String: String] = [:]) async throws -> [String: Any] {
        let result = try await run(arguments + ["--json"], extraEnvironment: extraEnvironment)
        guard result.status == 0 else { throw FixtureError.failed(arguments, result.stdout + result.stderr) }
        return try result.jsonObject()
    }
}

enum FixtureError: Error {
    case timedOut([String])
    case failed([String], String)
}

/// Keeps each write to a sink as its own chunk.
final class ChunkRecorder: Sendable {
    private let buffer = Locked<[String]>([])

    var sink: TextSink {
        TextSink { [self] text in buffer.withLock { $0.append(text) } }
    }

    var chunks: [String] { buffer.withLock { $0 } }
}
