import EmulatorTestSupport
import ErrorCore
import Foundation
import HTTPServer
import Testing

@testable import ChatbaseSDK

/// The client against a scripted server on 127.0.0.1: real sockets, real transport.
@Suite(.hangGuard) struct ClientStreamingTests {
    @Test func streamedSendReturnsTheReplyAndSendsTheContractHeaders() async throws {
        try await withScriptedClient { server, client, _ in
            server.on("POST", "/chat") { _, _ in ScriptedServer.sse([ScriptedServer.turn(text: ["Hel", "lo ", "you"])])
            }
            let deltas = Locked<[String]>([])
            let response = try await client.send("Hi there") { callbacks in
                callbacks.onTextDelta = { delta in deltas.withLock { $0.append(delta) } }
            }
            #expect(response.message.text == "Hello you")
            #expect(response.message.parts == [.text("Hello you")])
            #expect(response.message.id == "msg_1")
            #expect(response.message.sender == .agent)
            #expect(response.conversationId == "conv_1")
            #expect(response.userMessageId == "umsg_1")
            #expect(response.finishReason == .stop)
            #expect(response.usage == Usage(credits: 1))
            #expect(deltas.withLock { $0 } == ["Hel", "lo ", "you"])
            #expect(client.currentConversationId == "conv_1")

            let request = try #require(server.requests.first)
            #expect(request.headers["User-Agent"]?.hasPrefix("Chatbase-iOS-SDK/") == true)
            #expect(request.headers["X-Device-Id"] == client.deviceId)
            #expect(UUID(uuidString: client.deviceId) != nil)
            #expect(request.headers["Content-Type"] == "application/json")
            #expect(request.headers["X-User-Token"] == nil)
            let body = try JSONDecoder().decode(JSONValue.self, from: request.body)
            #expect(body == ["message": "Hi there", "stream": true])
        }
    }

    @Test func whatFollowsDoneIsReadAndIgnoredSoTheConnectionIsReused() async throws {
        try await withScriptedClient { server, client, _ in
            server.on("POST", "/chat") { _, _ in
                // A late event and a line that is not JSON, both after [DONE], in a separate write.
                ScriptedServer.sse([
                    ScriptedServer.turn(text: ["one ", "two"]),
                    ScriptedServer.events([#"{"type":"text-delta","id":"t1","delta":"late"}"#, "not json"]),
                ])
            }
            for _ in 0..<3 {
                let deltas = Locked<[String]>([])
                let response = try await client.send("hi") { callbacks in
                    callbacks.onTextDelta = { delta in deltas.withLock { $0.append(delta) } }
                }
                #expect(response.message.text == "one two")
                #expect(deltas.withLock { $0 } == ["one ", "two"])
            }
            // Read to its end, each response left its connection open for the next request; except on
            // the portable build's URLSession on Linux, which never reuses a connection (URLSessionTransport).
            #if canImport(FoundationNetworking) && !canImport(CCurl)
                let connections = 3
            #else
                let connections = 1
            #endif
            #expect(Set(server.requests.map(\.connectionID)).count == connections)
        }
    }

    @Test func aServerThatKeepsTalkingAfterDoneDoesNotHoldTheReply() async throws {
        let timeouts = RequestTimeouts(request: .seconds(5), resource: .seconds(45))
        try await withScriptedClient(timeouts: timeouts) { server, client, _ in
            server.on("POST", "/chat") { _, _ in
                .stream(headers: ["Content-Type": "text/event-stream"]) { writer in
                    try await writer.write(ScriptedServer.turn(text: ["done"]))
                    // Comments forever, until the client goes away and a write fails.
                    let noise = String(repeating: ": noise\n", count: 512)
                    while true { try await writer.write(noise) }
                }
            }
            let clock = ContinuousClock()
            let start = clock.now
            let response = try await client.send("hi")
            #expect(response.message.text == "done")
            // Held until the stream ends, the reply would never come (the noise is endless) before the
            // 45 s resource limit; in half that, with room for a loaded machine, it was not held.
            #expect(clock.now - start < .seconds(25))
        }
    }

    @Test func conversationIdIsSentAndNilStartsANewConversation() async throws {
        try await withScriptedClient { server, client, _ in
            server.on("POST", "/chat") { _, _ in ScriptedServer.sse([ScriptedServer.turn(text: ["ok"])]) }
            _ = try await client.send("one", conversationId: "conv_9")
            _ = try await client.send("two")
            let bodies = try server.requests.map { try JSONDecoder().decode(JSONValue.self, from: $0.body) }
            #expect(bodies[0]["conversationId"] == "conv_9")
            #expect(bodies[1]["conversationId"] == nil)
        }
    }

    @Test func finishReasonIsReadFromMessageMetadataWhenNotAtTheTop() async throws {
        try await withScriptedClient { server, client, _ in
            server.on("POST", "/chat") { _, _ in
                ScriptedServer.sse([ScriptedServer.turn(text: ["x"], finishReason: "error", topLevelReason: false)])
            }
            let reply = try await client.send("hi")
            #expect(reply.finishReason == .error)
        }
    }

    @Test func eventsSplitAtEveryByteStillParse() async throws {
        try await withScriptedClient { server, client, _ in
            let whole = ScriptedServer.turn(text: ["héllo ", "👋"]).replacingOccurrences(of: "\n", with: "\r\n")
            // One chunk per byte, CRLF line ends, and a split inside every multi-byte scalar.
            server.on("POST", "/chat") { _, _ in
                .stream(headers: ["Content-Type": "text/event-stream"]) { writer in
                    for byte in Array(whole.utf8) { try await writer.write(Data([byte])) }
                }
            }
            let reply = try await client.send("hi")
            #expect(reply.message.text == "héllo 👋")
        }
    }

    @Test func sseErrorEventEndsWithStreamingError() async throws {
        try await withScriptedClient { server, client, _ in
            server.on("POST", "/chat") { _, _ in
                ScriptedServer.sse([
                    ScriptedServer.events([
                        #"{"type":"text-delta","id":"t","delta":"Partial"}"#,
                        #"{"type":"error","errorText":"The model failed"}"#,
                    ]) + "data: [DONE]\n\n"
                ])
            }
            let error = await thrownError { try await client.send("hi") }
            guard case .httpError(500, let detail) = error as? APIError else {
                Issue.record("expected httpError 500, got \(String(describing: error))")
                return
            }
            #expect(detail.code == "CHAT_STREAMING_ERROR")
            #expect(detail.message == "The model failed")
            #expect(client.currentConversationId == nil)
        }
    }

    @Test func streamEndingBeforeFinishIsConnectionLost() async throws {
        try await withScriptedClient { server, client, _ in
            server.on("POST", "/chat") { _, _ in
                ScriptedServer.sse([ScriptedServer.events([#"{"type":"text-delta","id":"t","delta":"cut"}"#])])
            }
            let error = await thrownError { try await client.send("hi") }
            guard case .networkError(let underlying) = error as? APIError else {
                Issue.record("expected networkError, got \(String(describing: error))")
                return
            }
            #expect((underlying as? URLError)?.code == .networkConnectionLost)
        }
    }

    @Test func connectionDroppedMidStreamIsANetworkError() async throws {
        try await withScriptedClient { server, client, _ in
            server.on("POST", "/chat") { _, _ in
                var response = ScriptedServer.sse([ScriptedServer.turn(text: Array(repeating: "word ", count: 200))])
                response.fault = .closeMidBody(afterBytes: 300)
                return response
            }
            let error = await thrownError { try await client.send("hi") }
            guard case .networkError(let underlying) = error as? APIError else {
                Issue.record("expected networkError, got \(String(describing: error))")
                return
            }
            #expect(underlying is URLError)
        }
    }

    @Test(arguments: [
        #"data: {"type":"text-delta","id":"t","delta":"#, #"data: {"type":"text-delta","id":"t"}"#, "data: not json",
        #"data: {"no":"type"}"#,
    ])
    func malformedEventsAreDecodingFailures(_ line: String) async throws {
        try await withScriptedClient { server, client, _ in
            server.on("POST", "/chat") { _, _ in ScriptedServer.sse([line + "\n\n" + ScriptedServer.turn(text: ["x"])])
            }
            let error = await thrownError { try await client.send("hi") }
            guard case .decodingFailed = error as? ChatError else {
                Issue.record("expected decodingFailed, got \(String(describing: error))")
                return
            }
        }
    }

    @Test func unknownEventTypesAndNamedEventsAreSkipped() async throws {
        try await withScriptedClient { server, client, _ in
            let extra =
                ScriptedServer.events([
                    #"{"type":"reasoning-delta","delta":{"odd":1}}"#, #"{"type":"data-weather","data":[1]}"#,
                ])
                + "event: custom\ndata: not json at all\n\n"
            server.on("POST", "/chat") { _, _ in ScriptedServer.sse([extra + ScriptedServer.turn(text: ["fine"])]) }
            let reply = try await client.send("hi")
            #expect(reply.message.text == "fine")
        }
    }

    @Test func jsonBodyWhereAStreamWasExpectedIsADecodingFailure() async throws {
        try await withScriptedClient { server, client, _ in
            server.on("POST", "/chat") { _, _ in .json(200, #"{"data":{}}"#) }
            let error = await thrownError { try await client.send("hi") }
            guard case .decodingFailed = error as? ChatError else {
                Issue.record("expected decodingFailed, got \(String(describing: error))")
                return
            }
        }
    }

    @Test func nonStreamingSendDecodesTheReply() async throws {
        try await withScriptedClient { server, client, _ in
            server.on("POST", "/chat") { _, _ in
                .json(
                    200,
                    #"{"data":{"id":"msg_2","role":"assistant","parts":[{"type":"text","text":"Hi!"}],"createdAt":1764450000,"metadata":{"conversationId":"conv_5","userMessageId":"u5","userId":null,"finishReason":"stop","usage":{"credits":2}}}}"#
                )
            }
            let response = try await client.sendNonStreaming("Hello")
            #expect(response.message.text == "Hi!")
            #expect(response.conversationId == "conv_5")
            #expect(response.userMessageId == "u5")
            #expect(response.usage.credits == 2)
            #expect(client.currentConversationId == "conv_5")
            let body = try JSONDecoder().decode(JSONValue.self, from: try #require(server.requests.first).body)
            #expect(body == ["message": "Hello", "stream": false])
        }
    }

    @Test func cancellingTheCallerEndsWithCancellationError() async throws {
        try await withScriptedClient { server, client, _ in
            let release = TestSignal()
            server.on("POST", "/chat") { _, _ in
                .stream(headers: ["Content-Type": "text/event-stream"]) { writer in
                    try await writer.write(ScriptedServer.events([#"{"type":"text-delta","id":"t","delta":"first"}"#]))
                    await release.wait()
                }
            }
            let sawDelta = TestSignal()
            let task = Task {
                try await client.send("hi") { callbacks in callbacks.onTextDelta = { _ in sawDelta.fire() } }
            }
            await sawDelta.wait()
            task.cancel()
            let error = await thrownError { try await task.value }
            release.fire()
            #expect(error is CancellationError)
            #expect(client.currentConversationId == nil)
        }
    }
}
