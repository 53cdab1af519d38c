import EmulatorTestSupport
import ErrorCore
import Foundation
import HTTPServer
import SDKTransport

@testable import ChatbaseSDK

/// Records the waits the client asked for instead of sleeping.
final class SleepRecorder: Sendable {
    private let waits = Locked<[Duration]>([])

    var recorded: [Duration] { waits.withLock { $0 } }

    var sleep: @Sendable (Duration) async throws -> Void {
        { [self] duration in
            waits.withLock { $0.append(duration) }
            try Task.checkCancellation()
        }
    }
}

/// A fresh storage directory for one test, so device IDs and tokens never leak between tests.
func temporaryStorage() -> ChatbaseStorage {
    ChatbaseStorage(
        directory: FileManager.default.temporaryDirectory.appendingPathComponent("chatbase-sdk-\(UUID().uuidString)"))
}

/// Runs `body` with a scripted server and a client pointed at it; always stops the server.
///
/// The client gets a transport of its own (of the kind the SDK defaults to): the process-wide default
/// keeps one connection cache for every test running in parallel, and with hundreds of other servers'
/// connections in it, curl closes the oldest idle one, so a test could not tell whether the client
/// kept its connection.
func withScriptedClient<T>(
    maxToolLoopSteps: Int = 10,
    // Wide: a test that wants a timeout passes its own. CI saw the whole parallel suite held up for
    // about 30 s, and a 5 s idle limit then ended two streams the tests were still about to cancel.
    timeouts: RequestTimeouts = RequestTimeouts(request: .seconds(45), resource: .seconds(90)),
    _ body: (ScriptedServer, ChatbaseClient, SleepRecorder) async throws -> T
) async throws -> T {
    var configuration = HTTPServer.Configuration()
    configuration.writeTimeout = .seconds(5)
    let storage = temporaryStorage()
    defer { try? FileManager.default.removeItem(at: storage.directory) }
    return try await withScriptedServer(configuration) { server in
        let sleeps = SleepRecorder()
        let client = ChatbaseClient(
            agentId: "agent-1", baseURL: server.apiBase, timeouts: timeouts, maxToolLoopSteps: maxToolLoopSteps,
            transport: TransportKind.default.makeTransport(), storage: storage, clock: SDKClock(sleep: sleeps.sleep))
        return try await body(server, client, sleeps)
    }
}

/// The error `body` throws, or `nil`.
func thrownError(_ body: () async throws -> some Any) async -> (any Error)? {
    do {
        _ = try await body()
        return nil
    } catch {
        return error
    }
}
