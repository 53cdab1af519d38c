import Foundation
import Testing

/// `sdk chat send` against an in-process emulator: streaming, tool lines, continuation and `--json`.
@Suite struct ChatSendTests {
    @Test func theReplyIsWrittenPieceByPieceAsItStreams() async throws {
        try await ChatCLIFixture.with { fixture in
            let recorded = try await fixture.record(
                ["--base-url", fixture.baseURL.absoluteString, "chat", "send", "hello there"])
            #expect(recorded.status == 0)
            // One write per word as the emulator streams them, then the closing newline.
            #expect(recorded.stdout == ["You ", "said: ", "hello ", "there", "\n"])
            #expect(recorded.stderr.hasPrefix("conversation conv_"))
            #expect(recorded.stderr.contains("· finish stop · 1 credit (continue with --conversation conv_"))
        }
    }

    @Test func aToolCallShowsItsLineAndTheContinuationUsesItsResult() async throws {
        try await ChatCLIFixture.with { fixture in
            let result = try await fixture.run(["chat", "send", "What's the weather in Paris?"])
            #expect(result.status == 0)
            let lines = result.stdoutLines
            try #require(lines.count == 2)
            let prefix = #"⚙ get_weather {"city":"Paris"} → "#
            #expect(lines[0].hasPrefix(prefix))
            let output = try Self.object(String(lines[0].dropFirst(prefix.count)))
            #expect(output["city"] as? String == "Paris")
            #expect(output["temperatureC"] is Int)
            // The emulator's agent summarises exactly what the tool returned.
            #expect(lines[1].hasPrefix("Weather in Paris: {") && lines[1].hasSuffix("}."))
            let echoed = try Self.object(String(lines[1].dropFirst("Weather in Paris: ".count).dropLast()))
            #expect(NSDictionary(dictionary: echoed) == NSDictionary(dictionary: output))
            #expect(result.stderr.contains("· 2 credits"))
        }
    }

    @Test func twoToolCallsInOneTurnEachGetTheirLine() async throws {
        try await ChatCLIFixture.with { fixture in
            let result = try await fixture.run(["chat", "send", "weather in Paris and Rome"])
            #expect(result.status == 0)
            #expect(result.stdoutLines.count == 3)
            #expect(result.stdoutLines[0].hasPrefix(#"⚙ get_weather {"city":"Paris"} → {"#))
            #expect(result.stdoutLines[1].hasPrefix(#"⚙ get_weather {"city":"Rome"} → {"#))
            #expect(result.stdoutLines[2].hasPrefix("Weather in Paris: "))
            #expect(result.stdoutLines[2].contains("Weather in Rome: "))
        }
    }

    @Test func aServerSideToolIsListedAfterTheReply() async throws {
        try await ChatCLIFixture.with { fixture in
            let result = try await fixture.run(["chat", "send", "please search the docs for streaming"])
            #expect(result.status == 0)
            #expect(
                result.stdoutLines == [
                    "I found 2 pages.",
                    #"⚙ search_docs {"query":"please search the docs for streaming"} → "#
                        + #"{"results":["Getting started","Streaming"]} (ran on the server)"#,
                ])
        }
    }

    @Test func jsonGivesTheReplyItsIdsAndTheToolCalls() async throws {
        try await ChatCLIFixture.with { fixture in
            let json = try await fixture.json(["chat", "send", "What's the weather in Lyon?"])
            #expect((json["reply"] as? String)?.hasPrefix("Weather in Lyon: ") == true)
            #expect((json["conversationId"] as? String)?.hasPrefix("conv_") == true)
            #expect((json["messageId"] as? String)?.hasPrefix("msg_") == true)
            #expect((json["userMessageId"] as? String)?.hasPrefix("msg_") == true)
            #expect(json["finishReason"] as? String == "stop")
            #expect(json["credits"] as? Int == 2)
            #expect((json["deltas"] as? Int ?? 0) > 1)
            let calls = try #require(json["toolCalls"] as? [[String: Any]])
            try #require(calls.count == 1)
            #expect(calls[0]["toolName"] as? String == "get_weather")
            #expect(calls[0]["ranOn"] as? String == "client")
            #expect((calls[0]["toolCallId"] as? String)?.hasPrefix("call_") == true)
            #expect((calls[0]["input"] as? [String: Any])?["city"] as? String == "Lyon")
            #expect((calls[0]["output"] as? [String: Any])?["city"] as? String == "Lyon")
        }
    }

    @Test func conversationContinuesTheSameConversation() async throws {
        try await ChatCLIFixture.with { fixture in
            let first = try await fixture.json(["chat", "send", "first words"])
            let id = try #require(first["conversationId"] as? String)
            let second = try await fixture.json(["chat", "send", "second words", "--conversation", id])
            #expect(second["conversationId"] as? String == id)
            #expect(second["reply"] as? String == "You said: second words")
            let messages = try await fixture.json(["chat", "messages", id])
            #expect((messages["messages"] as? [Any])?.count == 4)
            let fresh = try await fixture.json(["chat", "send", "third words"])
            #expect(fresh["conversationId"] as? String != id)
        }
    }

    @Test func theDeviceIdIsKeptInTheChatDataDirectory() async throws {
        try await ChatCLIFixture.with { fixture in
            _ = try await fixture.json(["chat", "send", "hi"])
            let file = fixture.dataDirectory.appendingPathComponent("device-id")
            let deviceID = try String(contentsOf: file, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(UUID(uuidString: deviceID) != nil)
            // A second run is the same device: it sees the first run's conversation.
            let listed = try await fixture.json(["chat", "conversations"])
            #expect(listed["total"] as? Int == 1)
        }
    }

    static func object(_ text: String) throws -> [String: Any] {
        let value = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return try #require(value as? [String: Any])
    }
}
