import ChatbaseSDK
import EmulatorTestSupport
import Foundation
import Testing

/// Runs the app code in `App/` (written against the official SDK's documented API) on the emulator,
/// so each sample does what the official README says it does.
@MainActor @Suite(.hangGuard) struct OfficialAppTests {
    @Test func quickStartStreamingAndSessionState() async throws {
        try await withOfficialApp { backend in
            let chat = SupportChat(agentId: backend.agentId, baseURL: backend.baseURL)
            #expect(chat.session.conversationId == nil)
            let hello = try await chat.sayHello()
            #expect(hello.message.text == "You said: Hello")
            #expect(chat.session.conversationId == hello.conversationId)

            let story = try await chat.ask("Tell me a story", in: hello.conversationId)
            #expect(chat.streamingText == "You said: Tell me a story")
            #expect(story.conversationId == hello.conversationId)

            chat.startOver()
            #expect(chat.session.conversationId == nil)
            let fresh = try await chat.ask("A new topic")
            #expect(fresh.conversationId != hello.conversationId)
            #expect(chat.transcript == ["You said: Hello", "You said: Tell me a story", "You said: A new topic"])
        }
    }

    @Test func toolsRunInsideSend() async throws {
        try await withOfficialApp { backend in
            let chat = SupportChat(agentId: backend.agentId, baseURL: backend.baseURL)
            let reply = try await chat.ask("What's the weather in Paris and Atlantis?")
            #expect(
                chat.transcript == [
                    "tool: get_weather Paris", "result: get_weather 21", "tool: get_weather Atlantis",
                    "result: get_weather -1", reply.message.text,
                ])
            #expect(reply.message.text.hasPrefix(#"Weather in Paris: {"city":"Paris","sunny":true,"temperature":21}."#))
            #expect(reply.message.text.hasSuffix("get_weather failed: No forecast under the sea"))
            #expect(reply.finishReason == .stop)
        }
    }

    @Test func identityRetryAndNonStreaming() async throws {
        try await withOfficialApp { backend in
            let chat = SupportChat(agentId: backend.agentId, baseURL: backend.baseURL)
            #expect(chat.accountLabel == "Guest on \(DeviceId.get().prefix(8))")
            try await chat.signIn(with: try backend.token(for: "shopper-1"))
            #expect(chat.accountLabel == "Signed in (3-part token)")
            #expect(chat.session.userId == "shopper-1")

            let first = try await chat.ask("Where is my order?")
            let again = try await chat.regenerate(first.message.id, in: first.conversationId)
            #expect(again.message.text == first.message.text)
            #expect(again.message.id != first.message.id)

            let (text, reason, credits) = try await chat.quickAnswer("search the docs please")
            #expect(text == "I found 2 pages.")
            #expect(reason == "stop")
            #expect(credits == 1)

            chat.signOut()
            #expect(chat.accountLabel.hasPrefix("Guest on "))
            #expect(chat.session.userId == nil)
        }
    }

    @Test func errorsReachTheirCases() async throws {
        try await withOfficialApp { backend in
            let broke = SupportChat(agentId: try backend.agentWithoutCredits(), baseURL: backend.baseURL)
            #expect(await broke.askShowingErrors("hi") == nil)
            #expect(broke.alert == "Out of messages (CHAT_CREDITS_EXHAUSTED).")

            let misconfigured = SupportChat(agentId: backend.agentId, baseURL: "not a url")
            #expect(await misconfigured.askShowingErrors("hi") == nil)
            #expect(misconfigured.alert == "Bad server address not a url.")

            let unreachable = SupportChat(agentId: backend.agentId, baseURL: "http://127.0.0.1:1/api/sdk")
            #expect(await unreachable.askShowingErrors("hi") == nil)
            #expect(unreachable.alert?.hasPrefix("Network problem: ") == true)

            let limited = ChatbaseClient(agentId: backend.agentId, baseURL: backend.baseURL, maxToolLoopSteps: 2)
            limited.tool("get_weather") { _ in .object([:]) }
            do {
                _ = try await limited.send("loop forever")
                Issue.record("the loop should have hit its limit")
            } catch let error as ChatError {
                #expect(ErrorAlerts.message(for: error) == "The agent used more than 2 tool steps.")
            }

            let pageError = await #expect(throws: APIError.self) {
                try await ChatbaseClient(agentId: backend.agentId, baseURL: backend.baseURL).listConversations(limit: 0)
            }
            #expect(pageError.map { ErrorAlerts.ticketCode(for: $0) } == "400/VALIDATION_INVALID_BODY")
        }
    }

    @Test func historyPagesAndParts() async throws {
        try await withOfficialApp { backend in
            let client = ChatbaseClient(agentId: backend.agentId, baseURL: backend.baseURL)
            for topic in ["one", "two", "three"] { _ = try await client.send(topic) }
            let docs = try await client.send("search the docs for streaming")
            let history = HistoryBrowser(client: client)

            let all = try await history.allConversations(pageSize: 2)
            #expect(all.titles.count == 4)
            #expect(all.titles.allSatisfy { $0.hasSuffix("(open)") })
            #expect(all.total == 4)
            #expect(all.pages == 2)

            let transcript = try await history.transcript(of: docs.conversationId)
            #expect(transcript.hasMore == false)
            #expect(transcript.lines.contains("me: search the docs for streaming"))
            #expect(transcript.lines.contains { $0.hasPrefix("bot calls search_docs#call_ search the docs") })
            #expect(transcript.lines.contains("search_docs gave 2 results"))
            #expect(transcript.lines.contains("bot: I found 2 pages."))
        }
    }

    @Test func conversationStateAndListStateDriveTheScreens() async throws {
        try await withOfficialApp { backend in
            let client = ChatbaseClient(agentId: backend.agentId, baseURL: backend.baseURL)
            client.tool("get_weather") { input in .object(["city": input["city"] ?? .null]) }
            let vm = ChatVM(client: client)
            vm.input = "  weather in Rome  "
            await vm.send().value
            #expect(vm.input.isEmpty)
            #expect(vm.rows == ["> weather in Rome", "[get_weather done]", #"< Weather in Rome: {"city":"Rome"}."#])
            #expect(vm.state.conversationId != nil)
            #expect(vm.banner == nil)

            vm.input = "hello"
            await vm.send().value
            #expect(vm.rows.last == "< You said: hello")

            let list = ConversationsVM(client: client)
            for topic in ["a", "b"] { _ = try await client.send(topic) }
            await list.appear()
            #expect(list.titles == ["b", "a"])
            await list.reachedEnd()
            #expect(list.titles == ["b", "a", "weather in Rome"])
            #expect(!list.list.hasMore)

            let broke = ChatVM(
                client: ChatbaseClient(agentId: try backend.agentWithoutCredits(), baseURL: backend.baseURL))
            broke.input = "hi"
            await broke.send().value
            #expect(broke.banner == "Out of messages (CHAT_CREDITS_EXHAUSTED).")
            #expect(broke.rows == ["> hi", "<  ⚠"])
        }
    }

    @Test func previewValuesBehave() async throws {
        #expect(Previews.message.parts.count == 1)
        #expect(Previews.response.usage.credits == 1)
        #expect(try await Previews.lastPage.loadMore() == nil)
        #expect(Previews.row.isStreaming)
        #expect(Previews.signedIn != .anonymous)
        #expect(Previews.callbacks.onTextDelta != nil)
        #expect(Previews.callbacks.onToolCall == nil)
        let input: JSONValue = .object([
            "name": .string("x"), "count": .int(3), "ratio": .number(0.5), "ok": .bool(true), "tags": .array([.null]),
        ])
        #expect(Previews.read(input) == ["x", "3", "0.5", "true", "5", "1"])
    }
}
