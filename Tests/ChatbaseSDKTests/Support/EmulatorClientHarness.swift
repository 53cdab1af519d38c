import EmulatorTestSupport
import ErrorCore
import Foundation
import SDKTransport

@testable import ChatbaseSDK
@testable import EmulatorChatbase
@testable import EmulatorCore

/// An emulator with the Chatbase service mounted at `/api/sdk`, and a way to make clients for it.
struct ChatbaseEmulatorHarness: Sendable {
    let server: EmulatorServer
    let apiBase: String
    let storage: ChatbaseStorage
    let sleeps = SleepRecorder()

    /// A client for `agentId` sharing this harness's storage (so clients see the same device ID and
    /// saved token, like two launches of one app) unless `storage` is given.
    func client(
        agentId: String = "emulator-agent", maxToolLoopSteps: Int = 10, storage: ChatbaseStorage? = nil
    ) -> ChatbaseClient {
        ChatbaseClient(
            agentId: agentId, baseURL: apiBase,
            timeouts: RequestTimeouts(request: .seconds(10), resource: .seconds(30)),
            maxToolLoopSteps: maxToolLoopSteps, transport: DefaultTransport.make(), storage: storage ?? self.storage,
            clock: SDKClock(sleep: sleeps.sleep))
    }

    /// A valid identity token for `sub` on the seeded agent.
    func token(_ sub: String, agentId: String = "emulator-agent") throws -> String {
        try server.chatbaseIdentityToken(agentID: agentId, sub: sub)
    }
}

/// Runs `body` against a fresh in-memory emulator on an ephemeral port; always shuts it down. The
/// emulator reads `clock` (the real time by default).
func withChatbaseEmulator<T>(
    rateLimit: Int = 1_000, clock: @escaping @Sendable () -> Date = { Date() },
    isolation: isolated (any Actor)? = #isolation, _ body: (ChatbaseEmulatorHarness) async throws -> T
) async throws -> T {
    var configuration = EmulatorConfiguration.testing()
    configuration.mount(ChatbaseEmulator(rateLimit: rateLimit, clock: clock), at: "/api/sdk")
    let storage = temporaryStorage()
    defer { try? FileManager.default.removeItem(at: storage.directory) }
    return try await withRunningEmulator(configuration) { server, baseURL in
        try await body(
            ChatbaseEmulatorHarness(server: server, apiBase: baseURL.absoluteString + "/api/sdk", storage: storage))
    }
}
