import Emulator
import EmulatorTestSupport
import ErrorCore
import Foundation
import SDKTransport
import Testing

@testable import EmulatorChatbase
@testable import EmulatorCore

/// The scripted agent over HTTP: each prompt's exact event sequence, what gets stored, non-streaming chat.
@Suite struct ChatbaseChatTests {
    @Test func echoStreamsTheExactSequenceAndStoresBothMessages() async throws {
        try await withChatbase { _, client async throws in
            let stream = try await client.chat("Hello  there")
            #expect(stream.status == 200)
            #expect(stream.response.header("Content-Type") == "text/event-stream")
            #expect(stream.response.header("Cache-Control") == "no-cache")
            #expect(stream.response.header("x-vercel-ai-ui-message-stream") == "v1")
            #expect(stream.response.text.hasPrefix(": ping\n\ndata: {"))
            #expect(stream.comments == ["ping"])
            #expect(
                stream.types == [
                    "start", "start-step", "text-start", "text-delta", "text-delta", "text-delta", "text-delta",
                    "text-end", "finish-step", "message-metadata", "finish",
                ])
            #expect(stream.done)
            let deltas = stream.events.filter { $0["type"] == "text-delta" }.compactMap { $0["delta"]?.stringValue }
            #expect(deltas == ["You ", "said: ", "Hello  ", "there"])
            let textID = try #require(stream.events[2]["id"]?.stringValue)
            #expect(stream.events[3...7].allSatisfy { $0["id"]?.stringValue == textID })
            #expect(stream.response.text.contains(#"data: {"delta":"said: ","id":"\#(textID)","type":"text-delta"}"#))
            #expect(stream.events[9] == ["type": "message-metadata", "messageMetadata": ["score": 0.9]])

            let messageID = try #require(stream.messageId)
            #expect(messageID.hasPrefix("msg_"))
            let finish = try #require(stream.events.last)
            #expect(finish["finishReason"] == "stop")
            let metadata = try #require(stream.finishMetadata)
            let conversationID = try #require(metadata["conversationId"]?.stringValue)
            #expect(conversationID.hasPrefix("conv_"))
            #expect(metadata["messageId"]?.stringValue == messageID)
            #expect(metadata["userId"] == .null)
            #expect(metadata["finishReason"] == "stop")
            #expect(metadata["usage"] == ["credits": 1])

            let messages = try #require(try await client.get("/conversations/\(conversationID)/messages").json)
            let data = try #require(messages["data"]?.arrayValue)
            #expect(data.count == 2)
            #expect(data[0]["id"]?.stringValue == messageID, "newest first")
            #expect(data[0]["role"] == "assistant")
            #expect(data[0]["parts"] == [["type": "text", "text": "You said: Hello  there"]])
            #expect(data[0]["metadata"] == ["score": 0.9])
            #expect(data[0]["feedback"] == .null)
            #expect(data[1]["id"]?.stringValue == metadata["userMessageId"]?.stringValue)
            #expect(data[1]["role"] == "user")
            #expect(data[1]["parts"] == [["type": "text", "text": "Hello  there"]])
            #expect(data[1]["metadata"] == nil)
            #expect(data[1]["createdAt"]?.doubleValue != nil)
        }
    }

    @Test func weatherInOneCityAsksForOneClientTool() async throws {
        try await withChatbase { _, client async throws in
            let stream = try await client.chat("What's the WEATHER in Paris?")
            #expect(
                stream.types == [
                    "start", "start-step", "tool-input-start", "tool-input-delta", "tool-input-delta",
                    "tool-input-available", "finish-step", "message-metadata", "finish",
                ])
            #expect(stream.done)
            let callID = try #require(stream.toolCallIds.first)
            #expect(callID.hasPrefix("call_"))
            #expect(
                stream.events[2] == [
                    "type": "tool-input-start", "toolCallId": .string(callID), "toolName": "get_weather",
                ])
            let halves = stream.events[3...4].compactMap { $0["inputTextDelta"]?.stringValue }
            #expect(halves.count == 2 && halves.allSatisfy { !$0.isEmpty })
            #expect(halves.joined() == #"{"city":"Paris"}"#)
            #expect(
                stream.events[5]
                    == [
                        "type": "tool-input-available", "toolCallId": .string(callID), "toolName": "get_weather",
                        "input": ["city": "Paris"],
                    ])
            #expect(stream.events[8]["finishReason"] == "tool-calls")
            #expect(stream.finishMetadata?["finishReason"] == "tool-calls")
            #expect(!stream.types.contains("text-start"))

            let conversationID = try #require(stream.conversationId)
            let messages = try #require(try await client.get("/conversations/\(conversationID)/messages").json)
            #expect(
                messages["data"]?[0]?["parts"]
                    == [
                        [
                            "type": "tool-call", "toolCallId": .string(callID), "toolName": "get_weather",
                            "input": ["city": "Paris"],
                        ]
                    ])
        }
    }

    @Test func twoCitiesThenResultsThenASummary() async throws {
        try await withChatbase { _, client async throws in
            let first = try await client.chat("weather in Paris and new York. thanks")
            let inputs = first.events.filter { $0["type"] == "tool-input-available" }.map { $0["input"] }
            #expect(inputs == [["city": "Paris"], ["city": "new York"]])
            let (paris, newYork) = (first.toolCallIds[0], first.toolCallIds[1])
            let conversationID = try #require(first.conversationId)

            let early = try await client.chat(nil, conversationId: conversationID)
            let details = expectChatbaseError(early.response, 400, "VALIDATION_INVALID_BODY")
            #expect(details?["toolCallId"]?.stringValue?.contains(paris) == true)

            let ok = try await client.toolResult(
                conversationId: conversationID, toolCallId: newYork, output: ["temp": 20])
            #expect(ok.status == 200)
            #expect(ok.json == ["data": ["success": true]])
            _ = try await client.toolResult(
                conversationId: conversationID, toolCallId: paris, output: ["error": "offline"])

            let summary = try await client.chat(nil, conversationId: conversationID)
            #expect(summary.text == #"get_weather failed: offline Weather in new York: {"temp":20}."#)
            #expect(summary.events.last?["finishReason"] == "stop")
            #expect(summary.finishMetadata?["userMessageId"] == first.finishMetadata?["userMessageId"])

            // The results are stored on the message that carried the calls, in call order of arrival.
            let messages = try #require(try await client.get("/conversations/\(conversationID)/messages").json)
            let callMessage = try #require(messages["data"]?[1])
            #expect(callMessage["id"]?.stringValue == first.messageId)
            let parts = try #require(callMessage["parts"]?.arrayValue)
            #expect(parts.map { $0["type"] } == ["tool-call", "tool-call", "tool-result", "tool-result"])
            #expect(
                parts[2]
                    == [
                        "type": "tool-result", "toolCallId": .string(newYork), "toolName": "get_weather",
                        "output": ["temp": 20],
                    ])

            // Nothing is left to continue.
            let again = try await client.chat(nil, conversationId: conversationID)
            #expect(expectChatbaseError(again.response, 400, "VALIDATION_INVALID_BODY")?["message"] != nil)
        }
    }

    @Test func loopForeverAsksForAToolOnEveryTurn() async throws {
        try await withChatbase { _, client async throws in
            var stream = try await client.chat("please loop forever")
            let conversationID = try #require(stream.conversationId)
            var seen: Set<String> = []
            for _ in 0..<3 {
                #expect(stream.events.last?["finishReason"] == "tool-calls")
                let call = try #require(stream.toolCallIds.first)
                #expect(seen.insert(call).inserted)
                #expect(stream.events.first { $0["type"] == "tool-input-available" }?["input"] == ["city": "Loop"])
                let result = try await client.toolResult(
                    conversationId: conversationID, toolCallId: call, output: "sunny")
                #expect(result.status == 200)
                stream = try await client.chat(nil, conversationId: conversationID)
            }
        }
    }

    @Test func searchTheDocsRunsAServerSideTool() async throws {
        try await withChatbase { _, client async throws in
            let stream = try await client.chat("Search the docs for streaming")
            #expect(
                stream.types == [
                    "start", "start-step", "tool-input-available", "tool-output-available", "text-start", "text-delta",
                    "text-delta", "text-delta", "text-delta", "text-end", "finish-step", "message-metadata", "finish",
                ])
            let call = try #require(stream.toolCallIds.first)
            #expect(stream.events[2]["toolName"] == "search_docs")
            #expect(stream.events[2]["input"] == ["query": "Search the docs for streaming"])
            #expect(
                stream.events[3]
                    == [
                        "type": "tool-output-available", "toolCallId": .string(call),
                        "output": ["results": ["Getting started", "Streaming"]],
                    ])
            #expect(stream.text == "I found 2 pages.")
            #expect(stream.events.last?["finishReason"] == "stop")

            // A server-side call never waits for the client.
            let conversationID = try #require(stream.conversationId)
            let late = try await client.toolResult(conversationId: conversationID, toolCallId: call, output: 1)
            expectChatbaseError(late, 404, "RESOURCE_TOOL_RESULT_NOT_PENDING")
        }
    }

    @Test func streamErrorEndsWithAnErrorEventAndNoFinish() async throws {
        try await withChatbase { _, client async throws in
            let stream = try await client.chat("trigger a STREAM ERROR please")
            #expect(stream.status == 200)
            #expect(
                stream.types == ["start", "start-step", "text-start", "text-delta", "text-delta", "text-end", "error"])
            #expect(stream.text == "Partial answer")
            #expect(stream.events.last == ["type": "error", "errorText": "The model failed"])
            #expect(stream.done)
        }
    }

    @Test func cutStreamDropsTheConnectionAfterTheText() async throws {
        try await withChatbase { _, client async throws in
            let request = HTTPRequest(
                method: "POST", url: client.http.baseURL.appendingPathComponent("api/sdk/agents/emulator-agent/chat"),
                headers: HTTPHeaders(
                    client.headers.map { ($0.key, $0.value) } + [("Content-Type", "application/json")]),
                body: Data(#"{"message":"cut stream now","stream":true}"#.utf8), timeout: .seconds(5))
            let response = try await DefaultTransport.make().stream(request)
            #expect(response.status == 200)
            var received = Data()
            await #expect(throws: TransportError.self) {
                for try await chunk in response.body { received.append(chunk) }
            }
            let text = String(decoding: received, as: UTF8.self)
            #expect(text.contains(#""delta":"cut""#))
            #expect(!text.contains("text-end"))
            #expect(!text.contains("[DONE]"))
        }
    }

    @Test(arguments: [1, 7, 2_000])
    func repeatNStreamsNWords(count: Int) async throws {
        try await withChatbase { _, client async throws in
            // 2,000 deltas through a debug build can take past the default 5 s hang guard when the
            // machine is loaded with parallel tests; the guard is not what this test measures.
            var client = client
            client.http.timeout = 30
            let stream = try await client.chat("repeat \(count)")
            let deltas = stream.events.filter { $0["type"] == "text-delta" }
            #expect(deltas.count == count)
            #expect(stream.text == (1...count).map { "word\($0)" }.joined(separator: " "))
            #expect(stream.done)
        }
    }

    @Test func nonStreamingChatAnswersTheMessageWithMetadata() async throws {
        try await withChatbase { _, client async throws in
            let response = try await client.post("/chat", ["message": "hi", "stream": false])
            #expect(response.status == 200)
            let data = try #require(response.json?["data"])
            #expect(data["id"]?.stringValue?.hasPrefix("msg_") == true)
            #expect(data["role"] == "assistant")
            #expect(data["parts"] == [["type": "text", "text": "You said: hi"]])
            #expect(data["feedback"] == .null)
            let metadata = try #require(data["metadata"])
            #expect(metadata["finishReason"] == "stop")
            #expect(metadata["usage"] == ["credits": 1])
            #expect(metadata["userId"] == .null)
            let conversationID = try #require(metadata["conversationId"]?.stringValue)
            let messages = try await client.get("/conversations/\(conversationID)/messages")
            #expect(messages.json?["data"]?[1]?["id"] == metadata["userMessageId"])
        }
    }

    @Test func nonStreamingStreamErrorIs500AndStoresNothing() async throws {
        try await withChatbase { _, client async throws in
            for message in ["stream error", "cut stream"] {
                let response = try await client.post("/chat", ["message": .string(message), "stream": false])
                expectChatbaseError(response, 500, "CHAT_STREAMING_ERROR")
            }
            #expect(try await client.get("/conversations").json?["pagination"]?["total"] == 0)
        }
    }

    @Test func aNewMessageExpiresPendingToolCalls() async throws {
        try await withChatbase { _, client async throws in
            let first = try await client.chat("weather in Oslo")
            let conversationID = try #require(first.conversationId)
            let call = try #require(first.toolCallIds.first)
            let next = try await client.chat("never mind", conversationId: conversationID)
            #expect(next.text == "You said: never mind")
            let late = try await client.toolResult(conversationId: conversationID, toolCallId: call, output: 1)
            expectChatbaseError(late, 404, "RESOURCE_TOOL_CALL_NOT_FOUND")
        }
    }

    @Test func chatOnAnUnknownConversationIs404() async throws {
        try await withChatbase { _, client async throws in
            let stream = try await client.chat("hi", conversationId: "conv_missing")
            expectChatbaseError(stream.response, 404, "RESOURCE_NOT_FOUND")
        }
    }

    @Test func theTitleIsTheFirstSixtyCharactersOfTheFirstMessage() async throws {
        try await withChatbase { _, client async throws in
            let long = String(repeating: "é", count: 59) + "xyz"
            let stream = try await client.chat(long)
            let conversationID = try #require(stream.conversationId)
            _ = try await client.chat("second", conversationId: conversationID)
            let list = try #require(try await client.get("/conversations").json?["data"]?[0])
            #expect(list["title"]?.stringValue == String(repeating: "é", count: 59) + "x")
            #expect(list["status"] == "ongoing")
            #expect(list["userId"] == .null)
        }
    }
}
