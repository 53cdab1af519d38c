import ChatbaseSDK
import EmulatorTestSupport
import Foundation
import Testing

// The official SDK's own test expectations, for the behaviour both SDKs share, restated in our words
// and checked through the public API against the emulator (the official tests use a mock client).
// Left out on purpose, because the official SDK's code or our documented choices differ (see the
// "Migrating from the official SDK" article): a `parts: []` message being dropped from a page, every
// tool-result failure being retried (ours retries only what can succeed, 3 times after the first
// try), `send` falling back to `currentConversationId` (the official code and docs start a new
// conversation on `nil`, as ours does), and the raw stream and tool-call-handle APIs that the
// official tests still name but its public API no longer has.

/// Requests whose path ends with `suffix`, oldest first.
private func sent(_ backend: OfficialAppBackend, endingWith suffix: String) throws -> [SentRequest] {
    try backend.requests().filter { $0.path.hasSuffix(suffix) }
}

/// Collects values from `@Sendable` callbacks.
private final class Collected<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [Value] = []

    func add(_ value: Value) {
        lock.withLock { items.append(value) }
    }

    var all: [Value] { lock.withLock { items } }
}

@Suite(.hangGuard) struct OfficialChatServiceExpectations {
    @Test func nonStreamingReplyCarriesItsMetadataAndSendsStreamFalse() async throws {
        try await withOfficialApp { backend in
            let client = ChatbaseClient(agentId: backend.agentId, baseURL: backend.baseURL)
            let first = try await client.send("Hi")
            let response = try await client.sendNonStreaming("Follow up", conversationId: first.conversationId)
            #expect(response.message.id.hasPrefix("msg_"))
            #expect(response.message.text == "You said: Follow up")
            #expect(response.message.sender == .agent)
            #expect(response.conversationId == first.conversationId)
            #expect(response.userMessageId?.hasPrefix("msg_") == true)
            #expect(response.finishReason == .stop)
            #expect(response.usage.credits == 1)
            let body = try #require(try sent(backend, endingWith: "/chat").last?.body)
            #expect(body["message"] == .string("Follow up"))
            #expect(body["conversationId"] == .string(first.conversationId))
            #expect(body["stream"] == .bool(false))
        }
    }

    @Test func nonStreamingReplyKeepsToolCallAndResultParts() async throws {
        try await withOfficialApp { backend in
            let response = try await ChatbaseClient(agentId: backend.agentId, baseURL: backend.baseURL)
                .sendNonStreaming("search the docs")
            guard response.message.parts.count == 3,
                case .toolCall(let callId, let name, let input) = response.message.parts[0],
                case .toolResult(let resultId, let resultName, let output) = response.message.parts[1]
            else {
                Issue.record("unexpected parts \(response.message.parts)")
                return
            }
            #expect(callId == resultId)
            #expect(name == "search_docs" && resultName == "search_docs")
            #expect(input["query"] == .string("search the docs"))
            #expect(output["results"]?.arrayValue?.count == 2)
            #expect(response.message.text == "I found 2 pages.")
        }
    }

    @Test func httpErrorsKeepStatusAndCode() async throws {
        try await withOfficialApp { backend in
            let client = ChatbaseClient(agentId: try backend.agentWithoutCredits(), baseURL: backend.baseURL)
            let calls: [() async throws -> Void] = [
                { _ = try await client.sendNonStreaming("Hi") }, { _ = try await client.send("Hi") },
            ]
            for call in calls {
                let error = await #expect(throws: APIError.self) { try await call() }
                #expect(error?.statusCode == 402)
                #expect(error?.apiCode == "CHAT_CREDITS_EXHAUSTED")
            }
        }
    }

    @Test func continuationAndToolResultRequestsHaveTheirShape() async throws {
        try await withOfficialApp { backend in
            let client = ChatbaseClient(agentId: backend.agentId, baseURL: backend.baseURL)
            client.tool("get_weather") { _ in .object(["result": .string("done")]) }
            let reply = try await client.send("weather in Oslo")
            let chats = try sent(backend, endingWith: "/chat")
            #expect(chats.count == 2)
            let continuation = try #require(chats.last?.body)
            #expect(continuation["message"] == nil || continuation["message"] == .null)
            #expect(continuation["conversationId"] == .string(reply.conversationId))
            #expect(continuation["stream"] == .bool(true))
            let result = try #require(try sent(backend, endingWith: "/tool-result").first)
            #expect(result.path.contains(reply.conversationId))
            #expect(result.body?["toolCallId"]?.stringValue?.hasPrefix("call_") == true)
            #expect(result.body?["output"] == .object(["result": .string("done")]))
        }
    }

    @Test func aToolResultTheServerIsNotReadyForIsRetried() async throws {
        try await withOfficialApp { backend in
            let client = ChatbaseClient(agentId: backend.agentId, baseURL: backend.baseURL)
            client.tool("get_weather") { _ in .object(["status": .string("ok")]) }
            try backend.rejectToolResults(times: 2)
            let reply = try await client.send("weather in Bern")
            #expect(try sent(backend, endingWith: "/tool-result").count == 3)
            #expect(reply.message.text == #"Weather in Bern: {"status":"ok"}."#)
        }
    }

    @Test func aToolResultThatNeverGetsThroughFailsTheSendWithoutContinuing() async throws {
        try await withOfficialApp { backend in
            let client = ChatbaseClient(agentId: backend.agentId, baseURL: backend.baseURL)
            client.tool("get_weather") { _ in .object([:]) }
            try backend.rejectToolResults(times: 10)
            let error = await #expect(throws: APIError.self) { try await client.send("weather in Bern") }
            #expect(error?.statusCode == 404)
            #expect(try sent(backend, endingWith: "/tool-result").count > 1)
            #expect(try sent(backend, endingWith: "/chat").count == 1)
        }
    }

    @Test func listsMapFieldsPassCursorAndLimitAndPageWithTheServersCursor() async throws {
        try await withOfficialApp { backend in
            let client = ChatbaseClient(agentId: backend.agentId, baseURL: backend.baseURL)
            try await client.identify(token: try backend.token(for: "user-1"))
            let older = try await client.send("Older chat")
            let newer = try await client.send("Test Chat")

            let first = try await client.listConversations(limit: 1)
            #expect(first.data.map(\.id) == [newer.conversationId])
            #expect(first.data[0].title == "Test Chat")
            #expect(first.data[0].userId == "user-1")
            #expect(first.data[0].status == .ongoing)
            #expect(first.hasMore)
            #expect(first.total == 2)
            #expect(try sent(backend, endingWith: "/conversations").last?.query == "limit=1")

            let second = try #require(try await first.loadMore())
            #expect(second.data.map(\.id) == [older.conversationId])
            #expect(!second.hasMore)
            let query = try #require(try sent(backend, endingWith: "/conversations").last?.query)
            #expect(query.contains("cursor=") && query.contains("limit=1"))
            #expect(try await second.loadMore() == nil)
        }
    }

    @Test func messagesMapSenderTextFeedbackAndScore() async throws {
        try await withOfficialApp { backend in
            let client = ChatbaseClient(agentId: backend.agentId, baseURL: backend.baseURL)
            let reply = try await client.send("Hi")
            _ = try await client.send("More", conversationId: reply.conversationId)
            let page = try await client.listMessages(conversationId: reply.conversationId, limit: 2)
            #expect(page.data.map(\.sender) == [.agent, .user])
            #expect(page.data.map(\.text) == ["You said: More", "More"])
            #expect(page.data[0].score == 0.9)
            #expect(page.data[0].feedback == nil)
            #expect(page.hasMore)
            #expect(page.total == 4)
        }
    }

    @Test func toolOnlyMessagesStayInHistory() async throws {
        try await withOfficialApp { backend in
            let client = ChatbaseClient(agentId: backend.agentId, baseURL: backend.baseURL)
            client.tool("get_weather") { _ in .object(["t": .int(3)]) }
            let reply = try await client.send("weather in Kyiv")
            let messages = try await client.listMessages(conversationId: reply.conversationId).data
            let toolOnly = messages.filter { message in
                message.parts.allSatisfy { if case .text = $0 { false } else { true } } && !message.parts.isEmpty
            }
            #expect(toolOnly.count == 1)
            #expect(toolOnly.first?.text == "")
            #expect(messages.first?.text == #"Weather in Kyiv: {"t":3}."#)
        }
    }

    @Test func requestsCarryTheDeviceTheUserAgentAndTheTokenOnlyWhenIdentified() async throws {
        try await withOfficialApp { backend in
            let client = ChatbaseClient(agentId: backend.agentId, baseURL: backend.baseURL)
            _ = try await client.listConversations()
            let anonymous = try #require(try backend.requests().last)
            #expect(anonymous.path.hasPrefix("/api/sdk/agents/emulator-agent/"))
            #expect(anonymous.header("X-Device-Id") == client.deviceId)
            #expect(anonymous.header("X-User-Token") == nil)
            #expect(anonymous.header("Authorization") == nil)
            #expect(anonymous.header("User-Agent")?.hasPrefix("Chatbase-iOS-SDK/") == true)

            let token = try backend.token(for: "user-2")
            try await client.identify(token: token)
            let verify = try #require(try sent(backend, endingWith: "/verify").last)
            #expect(verify.method == "POST")
            #expect(verify.path == "/api/sdk/agents/emulator-agent/verify")
            #expect(verify.header("Content-Type") == "application/json")
            // The log masks the token field; its fingerprint-free body still shows the shape the official SDK sends.
            #expect(verify.body == .object(["token": .string("<redacted>")]))

            _ = try await client.listConversations()
            let identified = try #require(try backend.requests().last)
            #expect(identified.header("X-Device-Id") == client.deviceId)
            #expect(identified.header("X-User-Token", carried: token))
        }
    }

    @Test func aRejectedTokenLeavesTheSessionAnonymous() async throws {
        try await withOfficialApp { backend in
            let client = ChatbaseClient(agentId: backend.agentId, baseURL: backend.baseURL)
            let error = await #expect(throws: APIError.self) { try await client.identify(token: "bad-token") }
            #expect(error?.statusCode == 401)
            #expect(error?.apiCode == "AUTH_INVALID_JWT")
            #expect(client.authState == .anonymous)
        }
    }

    @Test func aStreamRefusedWith401SurfacesTheHTTPError() async throws {
        try await withOfficialApp { backend in
            let client = ChatbaseClient(agentId: backend.agentId, baseURL: backend.baseURL)
            try await client.identify(token: try backend.token(for: "user-3"))
            try backend.rotateIdentitySecret()
            let error = await #expect(throws: APIError.self) { try await client.send("Hi") }
            #expect(error?.statusCode == 401)
            #expect(error?.apiCode == "AUTH_INVALID_JWT")
        }
    }
}

@Suite(.hangGuard) struct OfficialClientExpectations {
    @Test func sendStreamsDeltasAndReturnsTheWholeReply() async throws {
        try await withOfficialApp { backend in
            let client = ChatbaseClient(agentId: backend.agentId, baseURL: backend.baseURL)
            let deltas = Collected<String>()
            let response = try await client.send("Hello world") { cb in cb.onTextDelta = { deltas.add($0) } }
            #expect(deltas.all == ["You ", "said: ", "Hello ", "world"])
            #expect(response.message.id.hasPrefix("msg_"))
            #expect(response.message.text == "You said: Hello world")
            #expect(response.conversationId.hasPrefix("conv_"))
            #expect(response.userMessageId?.hasPrefix("msg_") == true)
            #expect(response.finishReason == .stop)
            #expect(try backend.requests().count == 1)
        }
    }

    @Test func sendRunsRegisteredToolsAndContinuesToTheFinalText() async throws {
        try await withOfficialApp { backend in
            let client = ChatbaseClient(agentId: backend.agentId, baseURL: backend.baseURL)
            let inputs = Collected<JSONValue>()
            client.tool("get_weather") { input in
                inputs.add(input)
                return .object(["temp": .int(72)])
            }
            let calls = Collected<String>()
            let results = Collected<JSONValue>()
            let response = try await client.send("weather in SF") { cb in
                cb.onToolCall = { calls.add($0.toolName) }
                cb.onToolResult = { results.add($0.output) }
            }
            #expect(inputs.all == [.object(["city": .string("SF")])])
            #expect(calls.all == ["get_weather"])
            #expect(results.all == [.object(["temp": .int(72)])])
            #expect(response.message.text == #"Weather in SF: {"temp":72}."#)
            #expect(response.finishReason == .stop)
            #expect(try backend.requests().count == 3)
        }
    }

    @Test func aToolWithoutHandlerOrWithAThrowingOneGetsAnErrorPayload() async throws {
        try await withOfficialApp { backend in
            let client = ChatbaseClient(agentId: backend.agentId, baseURL: backend.baseURL)
            let results = Collected<JSONValue>()
            _ = try await client.send("weather in Oslo") { cb in cb.onToolResult = { results.add($0.output) } }
            #expect(results.all.first?["error"]?.stringValue?.contains("get_weather") == true)

            struct Boom: LocalizedError {
                var errorDescription: String? { "boom" }
            }
            client.tool("get_weather") { _ in throw Boom() }
            let reply = try await client.send("weather in Oslo") { cb in cb.onToolResult = { results.add($0.output) } }
            #expect(results.all.last == .object(["error": .string("boom")]))
            #expect(reply.message.text == "get_weather failed: boom")
        }
    }

    @Test func aToolLoopThatNeverEndsThrowsAtTheLimit() async throws {
        try await withOfficialApp { backend in
            let client = ChatbaseClient(agentId: backend.agentId, baseURL: backend.baseURL, maxToolLoopSteps: 3)
            client.tool("get_weather") { _ in .object([:]) }
            do {
                _ = try await client.send("loop forever")
                Issue.record("expected the tool loop limit")
            } catch ChatError.toolLoopLimitExceeded(let limit) {
                #expect(limit == 3)
            }
            #expect(try sent(backend, endingWith: "/chat").count == 3)
        }
    }

    @Test func sessionStateFollowsRepliesNewConversationAndLogout() async throws {
        try await withOfficialApp { backend in
            let client = ChatbaseClient(agentId: backend.agentId, baseURL: backend.baseURL)
            #expect(client.currentConversationId == nil)
            #expect(client.currentUserId == nil)
            try await client.identify(token: try backend.token(for: "user-42"))
            let reply = try await client.send("Hi")
            #expect(client.currentConversationId == reply.conversationId)
            #expect(client.currentUserId == "user-42")

            // `conversationId: nil` starts a new conversation (the official code and docs).
            let other = try await client.send("second")
            #expect(other.conversationId != reply.conversationId)
            let body = try #require(try sent(backend, endingWith: "/chat").last?.body)
            #expect(body["conversationId"] == nil)

            client.newConversation()
            #expect(client.currentConversationId == nil)
            _ = try await client.send("third")
            client.logout()
            #expect(client.authState == .anonymous)
            #expect(client.currentConversationId == nil)
            #expect(client.currentUserId == nil)
        }
    }

    @Test func retryRunsTheToolLoopToo() async throws {
        try await withOfficialApp { backend in
            let client = ChatbaseClient(agentId: backend.agentId, baseURL: backend.baseURL)
            client.tool("get_weather") { _ in .object(["ok": .bool(true)]) }
            let first = try await client.send("weather in Nice")
            let before = try backend.requests().count
            let again = try await client.retry(conversationId: first.conversationId, messageId: first.message.id)
            #expect(again.message.text == #"Weather in Nice: {"ok":true}."#)
            #expect(again.finishReason == .stop)
            let after = try backend.requests().dropFirst(before).map {
                String($0.path.split(separator: "/").last ?? "")
            }
            #expect(after == ["retry", "tool-result", "chat"])
        }
    }

    @Test func aNewClientIsAnonymousOnAStableDeviceAndIdentifyPromotesIt() async throws {
        try await withOfficialApp { backend in
            let client = ChatbaseClient(agentId: backend.agentId, baseURL: backend.baseURL)
            #expect(client.deviceId == DeviceId.get())
            #expect(UUID(uuidString: client.deviceId) != nil)
            #expect(client.authState == .anonymous)
            let token = try backend.token(for: "user-9")
            try await client.identify(token: token)
            #expect(client.authState == .identified(token: token))
            // Kept for the next launch.
            #expect(
                ChatbaseClient(agentId: backend.agentId, baseURL: backend.baseURL).authState
                    == .identified(token: token))
            client.logout()
            #expect(client.authState == .anonymous)
        }
    }
}

@MainActor @Suite(.hangGuard) struct OfficialStateExpectations {
    @Test func sendMessageStreamsIntoAPlaceholderAndStampsTheServersId() async throws {
        try await withOfficialApp { backend in
            let state = ConversationState(client: ChatbaseClient(agentId: backend.agentId, baseURL: backend.baseURL))
            await state.sendMessage("   ")
            #expect(state.messages.isEmpty)
            await state.sendMessage("Hi")
            #expect(state.messages.count == 2)
            #expect(state.messages[0].sender == .user)
            #expect(state.messages[1].sender == .agent)
            guard case .text(let user) = state.messages[0].kind, case .text(let agent) = state.messages[1].kind else {
                Issue.record("expected two text rows")
                return
            }
            #expect(user == "Hi")
            #expect(agent == "You said: Hi")
            #expect(!state.messages[1].isStreaming)
            #expect(state.messages[1].messageId?.hasPrefix("msg_") == true)
            #expect(state.conversationId?.hasPrefix("conv_") == true)
            #expect(!state.isSending)
        }
    }

    @Test func aToolCallBecomesACardFollowedByTheContinuation() async throws {
        try await withOfficialApp { backend in
            let client = ChatbaseClient(agentId: backend.agentId, baseURL: backend.baseURL)
            client.tool("get_weather") { _ in .object(["ok": .bool(true)]) }
            let state = ConversationState(client: client)
            await state.sendMessage("weather in Bonn")
            #expect(state.messages.count == 3)
            guard case .toolCall(let card) = state.messages[1].kind else {
                Issue.record("expected a tool card")
                return
            }
            #expect(card.toolName == "get_weather")
            #expect(card.status == .success)
            #expect(card.output != nil)
            #expect(state.messages[2].text == #"Weather in Bonn: {"ok":true}."#)
            #expect(!state.messages[2].isStreaming)
            #expect(state.messages[2].messageId?.hasPrefix("msg_") == true)
        }
    }

    @Test func aFailedSendMarksTheBubbleAndClearErrorResetsIt() async throws {
        try await withOfficialApp { backend in
            let client = ChatbaseClient(agentId: try backend.agentWithoutCredits(), baseURL: backend.baseURL)
            let state = ConversationState(client: client)
            await state.sendMessage("boom")
            #expect(state.error != nil)
            let bubble = try #require(state.messages.last)
            #expect(bubble.sender == .agent)
            #expect(bubble.isError)
            #expect(!bubble.isStreaming)
            state.clearError()
            #expect(state.error == nil)
        }
    }

    @Test func historyLoadsInChronologicalOrderAndOlderPagesArePrependedOnce() async throws {
        try await withOfficialApp { backend in
            let client = ChatbaseClient(agentId: backend.agentId, baseURL: backend.baseURL)
            let first = try await client.send("first")
            _ = try await client.send("second", conversationId: first.conversationId)
            let state = ConversationState(client: client)
            await state.loadHistory(conversationId: first.conversationId, limit: 2)
            #expect(state.messages.map(\.text) == ["second", "You said: second"])
            #expect(state.hasMoreHistory)
            #expect(state.conversationId == first.conversationId)
            await state.loadMoreHistory()
            #expect(state.messages.map(\.text) == ["first", "You said: first", "second", "You said: second"])
            #expect(Set(state.messages.compactMap(\.messageId)).count == 4)
            #expect(!state.hasMoreHistory)
        }
    }

    @Test func retryCutsFromTheMessageAndStreamsAgain() async throws {
        try await withOfficialApp { backend in
            let state = ConversationState(client: ChatbaseClient(agentId: backend.agentId, baseURL: backend.baseURL))
            await state.sendMessage("q")
            let old = try #require(state.messages[1].messageId)
            await state.retry(messageId: old)
            #expect(state.messages.count == 2)
            #expect(state.messages[0].text == "q")
            #expect(state.messages[1].text == "You said: q")
            #expect(state.messages[1].messageId != old)
        }
    }

    @Test func clearEmptiesTheScreenAndForgetsTheConversation() async throws {
        try await withOfficialApp { backend in
            let state = ConversationState(client: ChatbaseClient(agentId: backend.agentId, baseURL: backend.baseURL))
            await state.sendMessage("hi")
            #expect(!state.messages.isEmpty)
            #expect(state.conversationId != nil)
            state.clear()
            #expect(state.messages.isEmpty)
            #expect(state.conversationId == nil)
        }
    }

    @Test func conversationListLoadsAppendsAndRecordsErrors() async throws {
        try await withOfficialApp { backend in
            let client = ChatbaseClient(agentId: backend.agentId, baseURL: backend.baseURL)
            _ = try await client.send("One")
            _ = try await client.send("Two")
            let list = ConversationListState(client: client)
            await list.load(limit: 1)
            #expect(list.conversations.map(\.title) == ["Two"])
            #expect(list.hasMore)
            #expect(!list.isLoading)
            await list.loadMore()
            #expect(list.conversations.map(\.title) == ["Two", "One"])
            #expect(!list.hasMore)

            let failing = ConversationListState(
                client: ChatbaseClient(agentId: "no-such-agent", baseURL: backend.baseURL))
            await failing.load()
            #expect(failing.error != nil)
        }
    }
}
