import EmulatorTestSupport
import ErrorCore
import Foundation
import HTTPServer
import Testing

@testable import ChatbaseSDK

/// The tool loop and tool-result retries against a scripted server; retry waits are recorded, not slept.
@Suite(.hangGuard) struct ClientToolLoopTests {
    /// First stream asks for `weather`; the continuation answers with text.
    private func scriptWeather(_ server: ScriptedServer, input: String = #"{"city":"Oslo"}"#) {
        server.on("POST", "/chat") { _, count in
            count == 1
                ? ScriptedServer.sse([
                    ScriptedServer.turn(toolCalls: [("call_1", "weather", input)], messageId: "msg_a")
                ])
                : ScriptedServer.sse([ScriptedServer.turn(text: ["Sunny"], messageId: "msg_b")])
        }
    }

    private func postedOutputs(_ server: ScriptedServer) throws -> [JSONValue] {
        try server.requests(endingWith: "/tool-result").map {
            try JSONDecoder().decode(JSONValue.self, from: $0.body)
        }
    }

    @Test func runsTheToolPostsTheResultAndContinues() async throws {
        try await withScriptedClient { server, client, sleeps in
            scriptWeather(server)
            server.on("POST", "/conversations/conv_1/tool-result") { _, _ in .json(200, #"{"data":{"success":true}}"#) }
            client.tool("weather") { input in ["city": input["city"] ?? .null, "sky": "clear"] }
            let events = Locked<[String]>([])
            let response = try await client.send("weather?") { callbacks in
                callbacks.onTextDelta = { delta in events.withLock { $0.append("text:\(delta)") } }
                callbacks.onToolCall = { call in events.withLock { $0.append("call:\(call.toolName)") } }
                callbacks.onToolResult = { result in
                    events.withLock { $0.append("result:\(result.output["sky"]?.stringValue ?? "")") }
                }
            }
            #expect(events.withLock { $0 } == ["call:weather", "result:clear", "text:Sunny"])
            #expect(response.message.text == "Sunny")
            #expect(response.message.id == "msg_b")
            #expect(response.usage.credits == 2)
            #expect(response.message.parts.count == 3)
            #expect(
                try postedOutputs(server) == [["toolCallId": "call_1", "output": ["city": "Oslo", "sky": "clear"]]])
            let chats = server.requests(endingWith: "/chat")
            #expect(chats.count == 2)
            #expect(
                try JSONDecoder().decode(JSONValue.self, from: chats[1].body) == [
                    "conversationId": "conv_1", "stream": true,
                ])
            #expect(sleeps.recorded.isEmpty)
        }
    }

    @Test func toolResult404IsRetriedWithAGrowingWait() async throws {
        try await withScriptedClient { server, client, sleeps in
            scriptWeather(server)
            server.on("POST", "/conversations/conv_1/tool-result") { _, count in
                count < 3
                    ? .json(404, #"{"error":{"code":"RESOURCE_TOOL_CALL_NOT_FOUND","message":"not yet"}}"#)
                    : .json(200, #"{"data":{"success":true}}"#)
            }
            client.tool("weather") { _ in "ok" }
            let reply = try await client.send("w")
            #expect(reply.message.text == "Sunny")
            #expect(sleeps.recorded == [.milliseconds(300), .milliseconds(600)])
            #expect(server.requests(endingWith: "/tool-result").count == 3)
        }
    }

    @Test func rateLimitedToolResultWaitsForRetryAfter() async throws {
        try await withScriptedClient { server, client, sleeps in
            scriptWeather(server)
            server.on("POST", "/conversations/conv_1/tool-result") { _, count in
                count == 1
                    ? .json(
                        429, #"{"error":{"code":"RATE_LIMIT_TOO_MANY_REQUESTS","message":"slow"}}"#,
                        headers: ["Retry-After": "4"])
                    : .json(200, #"{"data":{"success":true}}"#)
            }
            client.tool("weather") { _ in "ok" }
            _ = try await client.send("w")
            #expect(sleeps.recorded == [.seconds(4)])
        }
    }

    @Test func serverErrorsAreRetriedThreeTimesThenThrown() async throws {
        try await withScriptedClient { server, client, sleeps in
            scriptWeather(server)
            server.on("POST", "/conversations/conv_1/tool-result") { _, _ in
                .json(503, #"{"error":{"code":"INTERNAL_SERVER_ERROR","message":"down"}}"#)
            }
            client.tool("weather") { _ in "ok" }
            let error = try #require(await thrownError { try await client.send("w") } as? APIError)
            #expect(error.statusCode == 503)
            #expect(sleeps.recorded == [.milliseconds(300), .milliseconds(600), .milliseconds(1200)])
            #expect(server.requests(endingWith: "/tool-result").count == 4)
            #expect(server.requests(endingWith: "/chat").count == 1)
        }
    }

    @Test(arguments: [400, 401, 402, 403])
    func clientErrorsAreNotRetried(_ status: Int) async throws {
        try await withScriptedClient { server, client, sleeps in
            scriptWeather(server)
            server.on("POST", "/conversations/conv_1/tool-result") { _, _ in
                .json(status, #"{"error":{"code":"SOME_CODE","message":"no"}}"#)
            }
            client.tool("weather") { _ in "ok" }
            let error = try #require(await thrownError { try await client.send("w") } as? APIError)
            #expect(error.statusCode == status)
            #expect(sleeps.recorded.isEmpty)
            #expect(server.requests(endingWith: "/tool-result").count == 1)
        }
    }

    @Test func droppedConnectionThenNotPendingCountsAsDelivered() async throws {
        try await withScriptedClient { server, client, sleeps in
            scriptWeather(server)
            server.on("POST", "/conversations/conv_1/tool-result") { _, count in
                count == 1
                    ? HTTPServerResponse(status: 200, fault: .closeBeforeResponding)
                    : .json(404, #"{"error":{"code":"RESOURCE_TOOL_RESULT_NOT_PENDING","message":"already"}}"#)
            }
            client.tool("weather") { _ in "ok" }
            let reply = try await client.send("w")
            #expect(reply.message.text == "Sunny")
            #expect(sleeps.recorded == [.milliseconds(300)])
        }
    }

    @Test func unknownToolsThrowingHandlersAndLargeResultsReachTheAgentAsErrors() async throws {
        struct Broken: LocalizedError {
            var errorDescription: String? { "sensor offline" }
        }
        let cases: [(register: @Sendable (ChatbaseClient) -> Void, expected: JSONValue)] = [
            ({ _ in }, ["error": "No handler registered for tool 'weather'"]),
            ({ $0.tool("weather") { _ in throw Broken() } }, ["error": "sensor offline"]),
            (
                { $0.tool("weather") { _ in .string(String(repeating: "x", count: 20_479)) } },
                ["error": "tool result too large"]
            ),
            (
                { $0.tool("weather") { _ in .string(String(repeating: "x", count: 20_478)) } },
                .string(String(repeating: "x", count: 20_478))
            ),
        ]
        for testCase in cases {
            try await withScriptedClient { server, client, _ in
                scriptWeather(server)
                server.on("POST", "/conversations/conv_1/tool-result") { _, _ in
                    .json(200, #"{"data":{"success":true}}"#)
                }
                testCase.register(client)
                let results = Locked<[JSONValue]>([])
                let response = try await client.send("w") { callbacks in
                    callbacks.onToolResult = { result in results.withLock { $0.append(result.output) } }
                }
                #expect(response.message.text == "Sunny")
                #expect(try postedOutputs(server).map { $0["output"] } == [testCase.expected])
                #expect(results.withLock { $0 } == [testCase.expected])
            }
        }
    }

    @Test func handlerCancellationCancelsTheWholeReply() async throws {
        try await withScriptedClient { server, client, _ in
            scriptWeather(server)
            client.tool("weather") { _ in throw CancellationError() }
            let error = await thrownError { try await client.send("w") }
            #expect(error is CancellationError)
            #expect(server.requests(endingWith: "/tool-result").isEmpty)
            #expect(server.requests(endingWith: "/chat").count == 1)
        }
    }

    @Test func toolsRunInArrivalOrderAndEachResultIsPosted() async throws {
        try await withScriptedClient { server, client, _ in
            server.on("POST", "/chat") { _, count in
                count == 1
                    ? ScriptedServer.sse([
                        ScriptedServer.turn(toolCalls: [
                            ("c1", "weather", #"{"city":"A"}"#), ("c2", "weather", #"{"city":"B"}"#),
                        ])
                    ])
                    : ScriptedServer.sse([ScriptedServer.turn(text: ["done"])])
            }
            server.on("POST", "/conversations/conv_1/tool-result") { _, _ in .json(200, #"{"data":{"success":true}}"#) }
            let order = Locked<[String]>([])
            client.tool("weather") { input in
                order.withLock { $0.append(input["city"]?.stringValue ?? "?") }
                return input
            }
            _ = try await client.send("w")
            #expect(order.withLock { $0 } == ["A", "B"])
            #expect(try postedOutputs(server).map { $0["toolCallId"] } == ["c1", "c2"])
        }
    }

    @Test func loopLimitCountsStreamsOpened() async throws {
        try await withScriptedClient(maxToolLoopSteps: 3) { server, client, _ in
            server.on("POST", "/chat") { _, count in
                ScriptedServer.sse([ScriptedServer.turn(toolCalls: [("c\(count)", "weather", "{}")])])
            }
            server.on("POST", "/conversations/conv_1/tool-result") { _, _ in .json(200, #"{"data":{"success":true}}"#) }
            client.tool("weather") { _ in "again" }
            let error = await thrownError { try await client.send("loop") }
            guard case .toolLoopLimitExceeded(let limit) = error as? ChatError else {
                Issue.record("expected toolLoopLimitExceeded, got \(String(describing: error))")
                return
            }
            #expect(limit == 3)
            #expect(server.requests(endingWith: "/chat").count == 3)
        }
    }

    @Test func toolCallWithoutAConversationIsNoContent() async throws {
        try await withScriptedClient { server, client, _ in
            server.on("POST", "/chat") { _, _ in
                ScriptedServer.sse([
                    ScriptedServer.events([
                        #"{"type":"tool-input-available","toolCallId":"c1","toolName":"weather","input":{}}"#,
                        #"{"type":"finish","finishReason":"tool-calls"}"#,
                    ]) + "data: [DONE]\n\n"
                ])
            }
            client.tool("weather") { _ in "x" }
            let error = await thrownError { try await client.send("w") }
            guard case .noContent = error as? ChatError else {
                Issue.record("expected noContent, got \(String(describing: error))")
                return
            }
        }
    }

    @Test func serverSideToolsAreRecordedButNotRun() async throws {
        try await withScriptedClient { server, client, _ in
            server.on("POST", "/chat") { _, _ in
                ScriptedServer.sse([
                    ScriptedServer.events([
                        #"{"type":"tool-input-available","toolCallId":"s1","toolName":"search_docs","input":{"query":"x"}}"#,
                        #"{"type":"tool-output-available","toolCallId":"s1","output":{"results":["a"]}}"#,
                    ]) + ScriptedServer.turn(text: ["I found 1 page."])
                ])
            }
            let ran = Locked(false)
            client.tool("search_docs") { _ in
                ran.withLock { $0 = true }
                return "no"
            }
            let response = try await client.send("search the docs")
            #expect(!ran.withLock { $0 })
            #expect(response.message.text == "I found 1 page.")
            #expect(
                response.message.parts.prefix(2) == [
                    .toolCall(toolCallId: "s1", toolName: "search_docs", input: ["query": "x"]),
                    .toolResult(toolCallId: "s1", toolName: "search_docs", output: ["results": ["a"]]),
                ])
            #expect(server.requests(endingWith: "/tool-result").isEmpty)
        }
    }
}
