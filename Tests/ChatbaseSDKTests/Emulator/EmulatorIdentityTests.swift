import EmulatorTestSupport
import ErrorCore
import Foundation
import Testing

@testable import ChatbaseSDK

/// Identity, ownership, persistence and pagination against the emulator.
@Suite(.hangGuard) struct EmulatorIdentityTests {
    @Test func identifyMergesPersistsAndLogoutForgets() async throws {
        try await withChatbaseEmulator { harness in
            let client = harness.client()
            let anonymous = try await client.send("before sign in")
            #expect(client.authState == .anonymous)

            let token = try harness.token("user-42")
            try await client.identify(token: token)
            #expect(client.authState == .identified(token: token))
            #expect(client.currentUserId == "user-42")
            #expect(client.currentConversationId == nil)
            // The device's anonymous conversation now belongs to the user.
            let mine = try await client.listConversations()
            #expect(mine.data.map(\.id) == [anonymous.conversationId])
            #expect(mine.data.first?.userId == "user-42")

            // A second launch (same storage) is still signed in, with the same device ID.
            let relaunched = harness.client()
            #expect(relaunched.authState == .identified(token: token))
            #expect(relaunched.currentUserId == "user-42")
            #expect(relaunched.deviceId == client.deviceId)

            client.logout()
            #expect(client.authState == .anonymous)
            #expect(client.currentUserId == nil)
            #expect(try await client.listConversations().data.isEmpty)
            #expect(harness.client().authState == .anonymous)
        }
    }

    @Test func invalidTokenIsRejectedAndChangesNothing() async throws {
        try await withChatbaseEmulator { harness in
            let client = harness.client()
            let error = await thrownError { try await client.identify(token: "not.a.jwt") }
            #expect((error as? APIError)?.apiCode == "AUTH_INVALID_JWT")
            #expect(client.authState == .anonymous)
        }
    }

    @Test func anotherDeviceCannotReadAConversation() async throws {
        try await withChatbaseEmulator { harness in
            let owner = harness.client()
            let reply = try await owner.send("secret stuff")
            let stranger = harness.client(storage: temporaryStorage())
            #expect(stranger.deviceId != owner.deviceId)
            let error = await thrownError { try await stranger.listMessages(conversationId: reply.conversationId) }
            #expect((error as? APIError)?.apiCode == "AUTH_OWNERSHIP_MISMATCH")
            let send = await thrownError { try await stranger.send("mine now", conversationId: reply.conversationId) }
            #expect((send as? APIError)?.apiCode == "AUTH_OWNERSHIP_MISMATCH")
        }
    }

    @Test func paginationWithLoadMoreWalksEveryConversation() async throws {
        try await withChatbaseEmulator { harness in
            let client = harness.client()
            var created: [String] = []
            for index in 0..<5 { created.append(try await client.send("conversation \(index)").conversationId) }
            var page = try await client.listConversations(limit: 2)
            var seen = page.data.map(\.id)
            #expect(page.total == 5)
            #expect(page.hasMore)
            while let next = try await page.loadMore() {
                seen += next.data.map(\.id)
                page = next
            }
            #expect(seen == created.reversed())
            #expect(try await page.loadMore() == nil)

            let messages = try await client.listMessages(conversationId: created[0], limit: 1)
            #expect(messages.data.map(\.sender) == [.agent])
            let older = try #require(try await messages.loadMore())
            #expect(older.data.map(\.sender) == [.user])
            #expect(older.data.first?.text == "conversation 0")

            let invalid = await thrownError { try await client.listConversations(limit: 0) }
            #expect((invalid as? APIError)?.apiCode == "VALIDATION_INVALID_BODY")
        }
    }
}
