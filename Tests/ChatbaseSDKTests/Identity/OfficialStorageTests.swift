import EmulatorChatbase
import EmulatorTestSupport
import ErrorCore
import Foundation
import SDKCrypto
import SDKTransport
import Testing

@testable import ChatbaseSDK

/// The official SDK's token layout (what Apple platforms use, here in a file store so Linux runs the
/// same proofs): the raw JWT under `userToken`, shared by every agent.
@Suite(.hangGuard) struct OfficialStorageTests {
    private func officialStorage() -> ChatbaseStorage {
        let plain = temporaryStorage()
        return ChatbaseStorage(directory: plain.directory, tokenLayout: .official)
    }

    @Test func identifyKeepsTheRawTokenWhereTheOfficialSDKReadsIt() async throws {
        let storage = officialStorage()
        defer { try? FileManager.default.removeItem(at: storage.directory) }
        try await withChatbaseEmulator { harness in
            let token = try harness.token("user-7")
            let client = harness.client(storage: storage)
            try await client.identify(token: token)
            #expect(try storage.secureStore.read("userToken") == Data(token.utf8))

            // A relaunch finds the user; the official layout keeps no user ID, so the first reply brings it.
            let relaunched = harness.client(storage: storage)
            #expect(relaunched.authState == .identified(token: token))
            #expect(relaunched.currentUserId == nil)
            _ = try await relaunched.send("hello again")
            #expect(relaunched.currentUserId == "user-7")

            client.logout()
            #expect(try storage.secureStore.read("userToken") == nil)
        }
    }

    @Test func aTokenTheOfficialSDKSavedSignsTheUserIn() async throws {
        let storage = officialStorage()
        defer { try? FileManager.default.removeItem(at: storage.directory) }
        try await withChatbaseEmulator { harness in
            let token = try harness.token("user-from-official")
            try storage.secureStore.write(Data(token.utf8), for: "userToken")
            let client = harness.client(storage: storage)
            #expect(client.authState == .identified(token: token))
            let reply = try await client.send("who am I")
            #expect(client.currentUserId == "user-from-official")
            let sent = try harness.server.recentRequests().filter { $0.path.hasSuffix("/chat") }
            #expect(sent.last?.header("X-User-Token", carried: token) == true)
            #expect(try await client.listConversations().data.map(\.id) == [reply.conversationId])
        }
    }

    @Test func anUnreadableTokenStartsAnonymous() throws {
        let storage = officialStorage()
        defer { try? FileManager.default.removeItem(at: storage.directory) }
        try storage.secureStore.write(Data([0xFF, 0xFE]), for: "userToken")
        let logger = CapturingLogger()
        let client = ChatbaseClient(agentId: "a", transport: DefaultTransport.make(), storage: storage, logger: logger)
        #expect(client.authState == .anonymous)
        #expect(logger.all.contains { $0.category == "Identity" && $0.message.hasPrefix("saved identity unreadable") })
    }

    @Test func deviceIdIsTheStandardOneAndStable() async throws {
        let storage = temporaryStorage()
        defer { try? FileManager.default.removeItem(at: storage.directory) }
        let (official, client, again) = await ChatbaseStorage.withOverride(storage) {
            (DeviceId.get(), ChatbaseClient(agentId: "a").deviceId, DeviceId.get())
        }
        #expect(UUID(uuidString: official) != nil)
        #expect(official == client)
        #expect(official == again)
        #expect(DeviceIdStore.read(storage.directory.appendingPathComponent(DeviceIdStore.fileName)) == official)
    }
}
