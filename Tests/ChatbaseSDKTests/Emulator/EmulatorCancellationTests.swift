import EmulatorChatbase
import EmulatorTestSupport
import ErrorCore
import Foundation
import Testing

@testable import ChatbaseSDK

/// Cancelling a reply against the emulator, mid-stream and mid-tool: the caller gets `CancellationError`
/// (never `URLError.cancelled`, never a partial reply), and the client and the server stay usable.
@Suite(.hangGuard) struct EmulatorCancellationTests {
    @Test func cancellingMidStreamEndsTheReplyAndTheClientGoesOn() async throws {
        try await withChatbaseEmulator { harness in
            // A slow agent: 200 words, 20 ms apart, so the reply is still streaming when it is cancelled.
            try harness.server.createChatbaseAgent(ChatbaseAgentSpec(id: "slow", paceMilliseconds: 20))
            let client = harness.client(agentId: "slow")
            let deltas = Locked(0)
            let sawDelta = TestSignal()
            let task = Task {
                try await client.send("repeat 200") { callbacks in
                    callbacks.onTextDelta = { _ in
                        deltas.withLock { $0 += 1 }
                        sawDelta.fire()
                    }
                }
            }
            await sawDelta.wait()
            task.cancel()
            let error = await thrownError { try await task.value }
            #expect(error is CancellationError, "got \(String(describing: error))")
            #expect(deltas.withLock { $0 } < 200)
            #expect(client.currentConversationId == nil)

            // The same client and the same emulator answer the next message in full.
            let next = try await harness.client().send("still there?")
            #expect(next.message.text == "You said: still there?")
        }
    }

    @Test func cancellingMidToolEndsTheReplyWithoutPostingAResult() async throws {
        try await withChatbaseEmulator { harness in
            let client = harness.client()
            let handlerStarted = TestSignal()
            client.tool("get_weather") { _ in
                handlerStarted.fire()
                // A handler that waits on something slow, as a real one might; cancellation ends the wait.
                try await Task.sleep(for: .seconds(30))
                return ["never": true]
            }
            let results = Locked<[ToolResultInfo]>([])
            let task = Task {
                try await client.send("weather in Lisbon") { callbacks in
                    callbacks.onToolResult = { info in results.withLock { $0.append(info) } }
                }
            }
            await handlerStarted.wait()
            task.cancel()
            let error = await thrownError { try await task.value }
            #expect(error is CancellationError, "got \(String(describing: error))")
            #expect(results.withLock { $0 }.isEmpty)

            // The call is still pending on the server: no result was posted for it.
            let conversation = try #require(try await client.listConversations().data.first)
            let messages = try await client.listMessages(conversationId: conversation.id).data
            let parts = messages.flatMap(\.parts)
            #expect(parts.contains { if case .toolCall = $0 { true } else { false } })
            #expect(!parts.contains { if case .toolResult = $0 { true } else { false } })
        }
    }
}
