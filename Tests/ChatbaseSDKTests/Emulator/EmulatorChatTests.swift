import EmulatorChatbase
import EmulatorTestSupport
import ErrorCore
import Foundation
import Testing

@testable import ChatbaseSDK

/// The client against the local Chatbase emulator: streaming, tools, errors.
@Suite(.hangGuard) struct EmulatorChatTests {
    @Test func streamedSendEchoesAndContinuesTheConversation() async throws {
        try await withChatbaseEmulator { harness in
            let client = harness.client()
            let deltas = Locked<[String]>([])
            let first = try await client.send("hello there") { callbacks in
                callbacks.onTextDelta = { delta in deltas.withLock { $0.append(delta) } }
            }
            #expect(first.message.text == "You said: hello there")
            #expect(deltas.withLock { $0 } == ["You ", "said: ", "hello ", "there"])
            #expect(first.finishReason == .stop)
            #expect(first.usage.credits == 1)
            #expect(first.conversationId.hasPrefix("conv_"))
            #expect(first.message.id.hasPrefix("msg_"))
            #expect(first.userMessageId?.hasPrefix("msg_") == true)
            #expect(client.currentConversationId == first.conversationId)

            let second = try await client.send("again", conversationId: first.conversationId)
            #expect(second.conversationId == first.conversationId)
            let third = try await client.send("new one")
            #expect(third.conversationId != first.conversationId)
        }
    }

    @Test func nonStreamingSendMatchesTheStream() async throws {
        try await withChatbaseEmulator { harness in
            let response = try await harness.client().sendNonStreaming("hi you")
            #expect(response.message.text == "You said: hi you")
            #expect(response.message.sender == .agent)
            #expect(response.finishReason == .stop)
            #expect(response.usage.credits == 1)
        }
    }

    @Test func toolRoundTrip() async throws {
        try await withChatbaseEmulator { harness in
            let client = harness.client()
            client.tool("get_weather") { input in ["temp": 21, "city": input["city"] ?? .null] }
            let calls = Locked<[ToolCallInfo]>([])
            let response = try await client.send("What's the weather in Tokyo?") { callbacks in
                callbacks.onToolCall = { call in calls.withLock { $0.append(call) } }
            }
            #expect(calls.withLock { $0.map(\.input) } == [["city": "Tokyo"]])
            #expect(response.message.text == #"Weather in Tokyo: {"city":"Tokyo","temp":21}."#)
            #expect(response.usage.credits == 2)
        }
    }

    @Test func twoToolsRunInOrder() async throws {
        try await withChatbaseEmulator { harness in
            let client = harness.client()
            let order = Locked<[String]>([])
            client.tool("get_weather") { input in
                let city = input["city"]?.stringValue ?? "?"
                order.withLock { $0.append(city) }
                return ["c": .string(city)]
            }
            let response = try await client.send("weather in Paris and Rome")
            #expect(order.withLock { $0 } == ["Paris", "Rome"])
            #expect(response.message.text == #"Weather in Paris: {"c":"Paris"}. Weather in Rome: {"c":"Rome"}."#)
        }
    }

    @Test func failingToolIsReportedToTheAgent() async throws {
        try await withChatbaseEmulator { harness in
            let client = harness.client()
            struct Offline: LocalizedError {
                var errorDescription: String? { "sensor offline" }
            }
            client.tool("get_weather") { _ in throw Offline() }
            let response = try await client.send("weather in Oslo")
            #expect(response.message.text.contains("get_weather failed: sensor offline"))
        }
    }

    @Test func loopLimitStopsAnEndlessAgent() async throws {
        try await withChatbaseEmulator { harness in
            let client = harness.client(maxToolLoopSteps: 3)
            let runs = Locked(0)
            client.tool("get_weather") { _ in
                runs.withLock { $0 += 1 }
                return "again"
            }
            let error = await thrownError { try await client.send("loop forever") }
            guard case .toolLoopLimitExceeded(3) = error as? ChatError else {
                Issue.record("expected toolLoopLimitExceeded(3), got \(String(describing: error))")
                return
            }
            #expect(runs.withLock { $0 } == 3)
        }
    }

    @Test func serverSideToolOutputIsInTheParts() async throws {
        try await withChatbaseEmulator { harness in
            let response = try await harness.client().send("please search the docs")
            #expect(response.message.text == "I found 2 pages.")
            let results = response.message.parts.compactMap { part -> JSONValue? in
                if case .toolResult(_, "search_docs", let output) = part { return output }
                return nil
            }
            #expect(results == [["results": ["Getting started", "Streaming"]]])
        }
    }

    @Test func streamErrorAndCutStream() async throws {
        try await withChatbaseEmulator { harness in
            let client = harness.client()
            let error = await thrownError { try await client.send("stream error please") }
            expectAPIError(error, status: 500, code: "CHAT_STREAMING_ERROR")
            if case .httpError(_, let detail) = error as? APIError { #expect(detail.message == "The model failed") }

            let cut = await thrownError { try await client.send("cut stream now") }
            guard case .networkError(let underlying) = cut as? APIError else {
                Issue.record("expected networkError, got \(String(describing: cut))")
                return
            }
            #expect(underlying is URLError)
            #expect(client.currentConversationId == nil)
        }
    }

    @Test func retryReplacesTheAnswer() async throws {
        try await withChatbaseEmulator { harness in
            let client = harness.client()
            let first = try await client.send("hello")
            let retried = try await client.retry(conversationId: first.conversationId, messageId: first.message.id)
            #expect(retried.message.text == "You said: hello")
            #expect(retried.message.id != first.message.id)
            #expect(retried.userMessageId == first.userMessageId)
            let page = try await client.listMessages(conversationId: first.conversationId)
            #expect(page.data.map(\.id).contains(retried.message.id))
            #expect(!page.data.map(\.id).contains(first.message.id))

            let missing = await thrownError {
                try await client.retry(conversationId: first.conversationId, messageId: "msg_nope")
            }
            expectAPIError(missing, status: 404, code: "CHAT_RETRY_MESSAGE_NOT_FOUND")
        }
    }

    @Test func creditsNotOngoingAndUnknownAgent() async throws {
        try await withChatbaseEmulator { harness in
            _ = try harness.server.createChatbaseAgent(.init(id: "poor", workspaceCredits: 0))
            expectAPIError(
                await thrownError { try await harness.client(agentId: "poor").send("hi") }, status: 402,
                code: "CHAT_CREDITS_EXHAUSTED")

            let client = harness.client()
            let first = try await client.send("hi")
            try harness.server.setChatbaseConversationStatus(id: first.conversationId, "ended")
            expectAPIError(
                await thrownError { try await client.send("more", conversationId: first.conversationId) }, status: 403,
                code: "CHAT_CONVERSATION_NOT_ONGOING")

            expectAPIError(
                await thrownError { try await harness.client(agentId: "no-such-agent").send("hi") }, status: 404,
                code: "AGENT_NOT_FOUND")
        }
    }

    @Test func rateLimitCarriesRetryAfter() async throws {
        // The clock stands still: on a loaded machine three requests could outlast a real 10 s window.
        let now = Date()
        try await withChatbaseEmulator(rateLimit: 2, clock: { now }) { harness in
            let client = harness.client()
            _ = try await client.listConversations()
            _ = try await client.listConversations()
            let error = await thrownError { try await client.listConversations() }
            expectAPIError(error, status: 429, code: "RATE_LIMIT_TOO_MANY_REQUESTS")
            #expect(((error as? APIError)?.retryAfter ?? 0) >= 1)
        }
    }
}
