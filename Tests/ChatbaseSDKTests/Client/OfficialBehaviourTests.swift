import EmulatorTestSupport
import ErrorCore
import Foundation
import HTTPServer
import SDKTransport
import Testing

@testable import ChatbaseSDK

/// Behaviour taken over from the official SDK (issue 17): anonymous user IDs, the log categories,
/// and parts of unknown types left out of a message without losing it.
@Suite(.hangGuard) struct OfficialBehaviourTests {
    @Test func anonymousUsersGetTheirIdFromTheReply() async throws {
        try await withScriptedClient { server, client, _ in
            let finish =
                #"{"type":"finish","finishReason":"stop","messageMetadata":{"conversationId":"conv_9","messageId":"msg_9","userId":"anon_7","usage":{"credits":1}}}"#
            server.on("POST", "/chat") { _, _ in
                ScriptedServer.sse([
                    ScriptedServer.events([#"{"type":"start","messageId":"msg_9"}"#, finish]) + "data: [DONE]\n\n"
                ])
            }
            #expect(client.currentUserId == nil)
            _ = try await client.send("hi")
            #expect(client.authState == .anonymous)
            #expect(client.currentUserId == "anon_7")
            client.logout()
            #expect(client.currentUserId == nil)
        }
    }

    @Test func recordsUseTheOfficialCategories() async throws {
        let logger = CapturingLogger()
        try await withChatbaseEmulator { harness in
            let client = ChatbaseClient(
                agentId: "emulator-agent", baseURL: harness.apiBase, transport: DefaultTransport.make(),
                storage: harness.storage, logger: logger)
            try await client.identify(token: try harness.token("user-cat"))
            _ = try await client.send("weather in Lima")  // no handler registered
            await ConversationState(client: client).retry(messageId: "msg_nowhere")
        }
        let byCategory = Dictionary(grouping: logger.all, by: \.category)
        #expect(Set(byCategory.keys) == ["APIClient", "ChatService", "Identity", "ConversationState"])
        #expect(logger.all.allSatisfy { $0.subsystem == "com.chatbase.sdk" })
        #expect(byCategory["APIClient"]?.contains { $0.message.contains("/chat → 200") } == true)
        #expect(byCategory["ChatService"]?.contains { $0.message == "no handler for tool get_weather" } == true)
        #expect(byCategory["Identity"]?.map(\.message) == ["identified"])
        #expect(byCategory["ConversationState"]?.map(\.message) == ["retry ignored: no conversationId"])
    }

    @Test func partsOfUnknownTypesAreLeftOutAndLoggedWhileTheirMessagesStay() async throws {
        let server = try ScriptedServer()
        let storage = temporaryStorage()
        defer { try? FileManager.default.removeItem(at: storage.directory) }
        server.on("GET", "/conversations/conv_1/messages") { _, _ in
            .json(
                200,
                #"""
                {"data":[
                  {"id":"msg_3","role":"assistant","parts":[{"type":"reasoning","text":"hmm"},{"type":"text","text":"Sure."}]},
                  {"id":"msg_2","role":"assistant","parts":[{"type":"source-url","url":"https://x"}]},
                  {"id":"msg_1","role":"user","parts":[{"type":"text","text":"Help?"}]}
                ],"pagination":{"cursor":null,"hasMore":false,"total":3}}
                """#)
        }
        server.on("POST", "/chat") { _, _ in
            .json(
                200,
                #"""
                {"data":{"id":"msg_4","role":"assistant","parts":[{"type":"step-start"},{"type":"text","text":"Done."}],
                 "metadata":{"conversationId":"conv_1","finishReason":"stop","usage":{"credits":1}}}}
                """#)
        }
        let logger = CapturingLogger()
        let client = ChatbaseClient(
            agentId: "agent-1", baseURL: server.apiBase, transport: DefaultTransport.make(), storage: storage,
            logger: logger)
        let page = try await client.listMessages(conversationId: "conv_1")
        let reply = try await client.sendNonStreaming("again", conversationId: "conv_1")
        await server.shutdown()

        #expect(page.data.map(\.id) == ["msg_3", "msg_2", "msg_1"])
        #expect(page.data.map(\.parts) == [[.text("Sure.")], [], [.text("Help?")]])
        #expect(page.data.map(\.text) == ["Sure.", "", "Help?"])
        #expect(reply.message.parts == [.text("Done.")])
        let skipped = logger.all.filter { $0.category == "ChatService" }.map(\.message)
        #expect(
            skipped == [
                "message msg_3: left out a part of unknown type reasoning",
                "message msg_2: left out a part of unknown type source-url",
                "message msg_4: left out a part of unknown type step-start",
            ])
    }
}
