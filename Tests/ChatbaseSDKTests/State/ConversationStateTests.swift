import EmulatorChatbase
import EmulatorTestSupport
import Foundation
import HTTPServer
import Observation
import SDKTransport
import Testing

@testable import ChatbaseSDK

/// Records the message list each time observation reports a change, so a test can see the
/// placeholder bubble fill up while the reply streams.
@MainActor final class MessageSnapshots {
    private(set) var snapshots: [[ConversationState.UiMessage]] = []
    private var waiters:
        [(predicate: ([ConversationState.UiMessage]) -> Bool, done: CheckedContinuation<Void, Never>)] = []

    /// Returns once a recorded list satisfies `predicate`.
    func wait(until predicate: @escaping ([ConversationState.UiMessage]) -> Bool) async {
        if snapshots.contains(where: predicate) { return }
        await withCheckedContinuation { waiters.append((predicate, $0)) }
    }

    func track(_ state: ConversationState) {
        withObservationTracking {
            _ = state.messages
        } onChange: { [weak self] in
            Task { @MainActor in
                guard let self else { return }
                self.snapshots.append(state.messages)
                let ready = self.waiters.filter { $0.predicate(state.messages) }
                self.waiters.removeAll { $0.predicate(state.messages) }
                for waiter in ready { waiter.done.resume() }
                self.track(state)
            }
        }
    }
}

@MainActor @Suite(.hangGuard) struct ConversationStateTests {
    @Test func sendStreamsIntoAPlaceholderAndStampsServerIds() async throws {
        try await withChatbaseEmulator { harness in
            _ = try harness.server.updateChatbaseAgent(id: "emulator-agent") { $0.paceMilliseconds = 15 }
            let state = ConversationState(client: harness.client())
            let recorder = MessageSnapshots()
            recorder.track(state)
            await state.sendMessage("  hello streaming world  ")

            #expect(state.messages.map(\.text) == ["hello streaming world", "You said: hello streaming world"])
            #expect(state.messages.map(\.sender) == [.user, .agent])
            #expect(
                state.messages.allSatisfy { $0.messageId?.hasPrefix("msg_") == true && !$0.isStreaming && !$0.isError })
            #expect(state.conversationId?.hasPrefix("conv_") == true)
            #expect(!state.isSending)
            #expect(state.error == nil)
            // While streaming, the agent bubble held part of the reply and was marked streaming.
            let partial = recorder.snapshots.compactMap { $0.last }.filter {
                $0.sender == .agent && $0.isStreaming && ($0.text?.isEmpty == false)
            }
            #expect(!partial.isEmpty)
            #expect(partial.allSatisfy { "You said: hello streaming world".hasPrefix($0.text ?? "x") })

            await state.sendMessage("   ")
            #expect(state.messages.count == 2)
        }
    }

    @Test func toolCallsBecomeCardsWithTheirStatus() async throws {
        try await withChatbaseEmulator { harness in
            let client = harness.client()
            client.tool("get_weather") { input in
                if input["city"]?.stringValue == "Mars" { throw CocoaError(.featureUnsupported) }
                return ["temp": 20]
            }
            let state = ConversationState(client: client)
            await state.sendMessage("weather in Oslo and Mars")
            #expect(state.messages.count == 4)
            let cards = state.messages.compactMap { row -> ConversationState.ToolCallCard? in
                if case .toolCall(let card) = row.kind { return card }
                return nil
            }
            #expect(cards.map(\.status) == [.success, .failure])
            #expect(cards.map(\.input) == [["city": "Oslo"], ["city": "Mars"]])
            #expect(cards.first?.output == ["temp": 20])
            #expect(state.messages.last?.text?.hasPrefix("Weather in Oslo") == true)
            #expect(state.messages.first?.sender == .user)
        }
    }

    @Test func aTypingBubbleFollowsEachToolResult() async throws {
        let server = try ScriptedServer()
        let storage = temporaryStorage()
        defer { try? FileManager.default.removeItem(at: storage.directory) }
        let release = TestSignal()
        server.on("POST", "/chat") { _, count in
            if count == 1 {
                return ScriptedServer.sse([
                    ScriptedServer.turn(toolCalls: [("call_1", "ping", "{}")], conversationId: "conv_1")
                ])
            }
            await release.wait()
            return ScriptedServer.sse([ScriptedServer.turn(text: ["Pong."], conversationId: "conv_1")])
        }
        server.on("POST", "/conversations/conv_1/tool-result") { _, _ in .json(200, #"{"data":{"success":true}}"#) }
        let client = ChatbaseClient(
            agentId: "agent-1", baseURL: server.apiBase, transport: DefaultTransport.make(), storage: storage)
        client.tool("ping") { _ in ["ok": true] }
        let state = ConversationState(client: client)
        let recorder = MessageSnapshots()
        recorder.track(state)
        let sending = Task { await state.sendMessage("ping please") }

        // While the continuation has not started, the card is done and an empty bubble is typing below it.
        await recorder.wait { rows in
            guard rows.count == 3, case .toolCall(let card) = rows[1].kind else { return false }
            return card.status == .success && rows[2].sender == .agent && rows[2].isStreaming && rows[2].text == ""
        }
        release.fire()
        await sending.value
        await server.shutdown()
        #expect(state.messages.map(\.text) == ["ping please", nil, "Pong."])
        #expect(state.messages.allSatisfy { !$0.isStreaming && !$0.isError })
        #expect(state.messages.last?.messageId == "msg_1")
    }

    @Test func failuresGoIntoErrorAndMarkTheBubble() async throws {
        try await withChatbaseEmulator { harness in
            _ = try harness.server.createChatbaseAgent(.init(id: "broke", workspaceCredits: 0))
            let state = ConversationState(client: harness.client(agentId: "broke"))
            await state.sendMessage("hi")
            #expect((state.error as? APIError)?.apiCode == "CHAT_CREDITS_EXHAUSTED")
            #expect(state.messages.last?.isError == true)
            #expect(state.messages.last?.isStreaming == false)
            #expect(!state.isSending)
            state.clearError()
            #expect(state.error == nil)

            let streamFailure = ConversationState(client: harness.client())
            await streamFailure.sendMessage("stream error")
            #expect((streamFailure.error as? APIError)?.apiCode == "CHAT_STREAMING_ERROR")
            #expect(streamFailure.messages.last?.isError == true)
            #expect(streamFailure.messages.last?.text == "Partial answer")
        }
    }

    @Test func historyLoadsOldestFirstAndPagesOlderAboveIt() async throws {
        try await withChatbaseEmulator { harness in
            let client = harness.client()
            let first = try await client.send("one")
            _ = try await client.send("two", conversationId: first.conversationId)

            let state = ConversationState(client: client)
            await state.loadHistory(conversationId: first.conversationId, limit: 2)
            #expect(state.messages.map(\.text) == ["two", "You said: two"])
            #expect(state.hasMoreHistory)
            #expect(state.conversationId == first.conversationId)
            await state.loadMoreHistory()
            #expect(state.messages.map(\.text) == ["one", "You said: one", "two", "You said: two"])
            #expect(!state.hasMoreHistory)
            #expect(state.messages.map(\.sender) == [.user, .agent, .user, .agent])

            // The next send continues the loaded conversation.
            await state.sendMessage("three")
            #expect(state.messages.last?.text == "You said: three")
            #expect(try await client.listMessages(conversationId: first.conversationId).total == 6)
        }
    }

    @Test func retryCutsTheListFromTheChosenMessage() async throws {
        try await withChatbaseEmulator { harness in
            let state = ConversationState(client: harness.client())
            await state.sendMessage("first")
            await state.sendMessage("second")
            let answer = try #require(state.messages[1].messageId)
            await state.retry(messageId: answer)
            #expect(state.messages.map(\.text) == ["first", "You said: first"])
            #expect(state.messages[1].messageId != answer)
            #expect(state.error == nil)

            await state.retry(messageId: "msg_unknown")
            #expect(state.messages.count == 2)
        }
    }

    @Test func clearStartsOver() async throws {
        try await withChatbaseEmulator { harness in
            let state = ConversationState(client: harness.client())
            await state.sendMessage("hi")
            let before = state.conversationId
            state.clear()
            #expect(state.messages.isEmpty)
            #expect(state.conversationId == nil)
            await state.sendMessage("again")
            #expect(state.conversationId != before)
        }
    }

    @Test func cancellingASendIsNotAnError() async throws {
        try await withChatbaseEmulator { harness in
            _ = try harness.server.updateChatbaseAgent(id: "emulator-agent") { $0.paceMilliseconds = 200 }
            let state = ConversationState(client: harness.client())
            let recorder = MessageSnapshots()
            recorder.track(state)
            let task = Task { await state.sendMessage("a b c d e f g h") }
            // Wait for the first streamed text, then cancel.
            await recorder.wait { $0.last?.sender == .agent && $0.last?.text?.isEmpty == false }
            task.cancel()
            await task.value
            #expect(state.error == nil)
            #expect(!state.isSending)
            #expect(state.messages.allSatisfy { !$0.isStreaming && !$0.isError })
        }
    }
}

@MainActor @Suite(.hangGuard) struct ConversationListStateTests {
    @Test func loadsPagesAndReportsErrors() async throws {
        try await withChatbaseEmulator { harness in
            let client = harness.client()
            for index in 0..<3 { _ = try await client.send("conversation \(index)") }
            let list = ConversationListState(client: client)
            let changed = TestSignal()
            withObservationTracking {
                _ = list.conversations
            } onChange: {
                changed.fire()
            }
            await list.load(limit: 2)
            #expect(changed.isFired)
            #expect(list.conversations.map(\.title) == ["conversation 2", "conversation 1"])
            #expect(list.hasMore)
            await list.loadMore()
            #expect(list.conversations.map(\.title) == ["conversation 2", "conversation 1", "conversation 0"])
            #expect(!list.hasMore)
            #expect(!list.isLoading)

            let failing = ConversationListState(client: harness.client(agentId: "missing-agent"))
            await failing.load()
            #expect((failing.error as? APIError)?.apiCode == "AGENT_NOT_FOUND")
            failing.clearError()
            #expect(failing.error == nil)
        }
    }
}
