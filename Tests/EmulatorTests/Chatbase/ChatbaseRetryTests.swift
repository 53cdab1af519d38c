import Emulator
import EmulatorTestSupport
import ErrorCore
import Foundation
import Testing

@testable import EmulatorChatbase
@testable import EmulatorCore

/// `retry`: answering the preceding user message again, and its errors.
@Suite struct ChatbaseRetryTests {
    @Test func retryReplacesTheMessageAndEverythingAfterIt() async throws {
        try await withChatbase { _, client async throws in
            let first = try await client.chat("hello")
            let conversationID = try #require(first.conversationId)
            let second = try await client.chat("stream error", conversationId: conversationID)
            _ = try await client.chat("later", conversationId: conversationID)
            #expect(
                try await client.get("/conversations/\(conversationID)/messages").json?["pagination"]?["total"] == 6)

            let failed = try #require(second.messageId)
            let retried = try ChatbaseTestStream(
                try await client.post(
                    "/conversations/\(conversationID)/retry", ["messageId": .string(failed), "stream": true]))
            #expect(retried.status == 200)
            #expect(retried.types.last == "error", "the same script answers again")
            #expect(retried.messageId != failed)
            #expect(retried.text == "Partial answer")

            let messages = try await client.get("/conversations/\(conversationID)/messages")
            let data = try #require(messages.json?["data"]?.arrayValue)
            #expect(data.map { $0["role"] } == ["assistant", "user", "assistant", "user"])
            #expect(data[0]["id"]?.stringValue == retried.messageId)
            #expect(data[1]["parts"] == [["type": "text", "text": "stream error"]])
        }
    }

    @Test func theFinishNamesThePrecedingUserMessage() async throws {
        try await withChatbase { _, client async throws in
            let first = try await client.chat("hi there")
            let conversationID = try #require(first.conversationId)
            let retried = try ChatbaseTestStream(
                try await client.post(
                    "/conversations/\(conversationID)/retry", ["messageId": .string(try #require(first.messageId))]))
            #expect(retried.text == "You said: hi there")
            #expect(retried.finishMetadata?["userMessageId"] == first.finishMetadata?["userMessageId"])
            #expect(retried.finishMetadata?["conversationId"]?.stringValue == conversationID)

            let plain = try await client.post(
                "/conversations/\(conversationID)/retry",
                ["messageId": .string(try #require(retried.messageId)), "stream": false])
            #expect(plain.json?["data"]?["parts"] == [["type": "text", "text": "You said: hi there"]])
        }
    }

    @Test func onlyAssistantMessagesOfTheConversationCanBeRetried() async throws {
        try await withChatbase { _, client async throws in
            let first = try await client.chat("one")
            let other = try await client.chat("two")
            let conversationID = try #require(first.conversationId)
            let userMessage = try #require(first.finishMetadata?["userMessageId"]?.stringValue)
            for messageID in ["msg_nope", userMessage, try #require(other.messageId)] {
                let response = try await client.post(
                    "/conversations/\(conversationID)/retry", ["messageId": .string(messageID)])
                expectChatbaseError(response, 404, "CHAT_RETRY_MESSAGE_NOT_FOUND")
            }
            let missing = try await client.post("/conversations/\(conversationID)/retry", ["stream": true])
            #expect(expectChatbaseError(missing, 400, "VALIDATION_INVALID_BODY")?["messageId"] != nil)
            let ended = try await client.post(
                "/conversations/\(conversationID)/retry", ["messageId": 1, "stream": "x"])
            let details = expectChatbaseError(ended, 400, "VALIDATION_INVALID_BODY")
            #expect(details?["messageId"] != nil && details?["stream"] != nil)
        }
    }

    @Test func anAssistantMessageWithNoUserMessageBeforeItIsRefused() async throws {
        try await withChatbase { server, client async throws in
            let first = try await client.chat("orphan")
            let conversationID = try #require(first.conversationId)
            // The API cannot produce this; a conversation imported or edited server-side can.
            try server.store.execute("DELETE FROM chatbase_messages WHERE role = 'user'")
            let response = try await client.post(
                "/conversations/\(conversationID)/retry", ["messageId": .string(try #require(first.messageId))])
            expectChatbaseError(response, 400, "CHAT_RETRY_NO_USER_MESSAGE")
        }
    }

    @Test func retryNeedsCreditsAndAnOngoingConversation() async throws {
        try await withChatbase { server, client async throws in
            let first = try await client.chat("one")
            let conversationID = try #require(first.conversationId)
            let body: AnyCodableValue = ["messageId": .string(try #require(first.messageId))]
            try server.updateChatbaseAgent(id: "emulator-agent") { $0.agentCredits = 0 }
            expectChatbaseError(
                try await client.post("/conversations/\(conversationID)/retry", body), 402,
                "CHAT_AGENT_CREDITS_EXHAUSTED")
            try server.updateChatbaseAgent(id: "emulator-agent") { $0.agentCredits = nil }
            try server.setChatbaseConversationStatus(id: conversationID, "ended")
            expectChatbaseError(
                try await client.post("/conversations/\(conversationID)/retry", body), 403,
                "CHAT_CONVERSATION_NOT_ONGOING")
            // Refused retries deleted nothing.
            #expect(
                try await client.get("/conversations/\(conversationID)/messages").json?["pagination"]?["total"] == 2)
        }
    }
}
