import Emulator
import EmulatorTestSupport
import Foundation
import SDKCLI
import Testing

/// How `sdk chat` fails: typed server and SDK errors (exit 1), an unreachable server, bad lines (exit 2).
@Suite struct ChatErrorTests {
    @Test func anUnknownAgentIsAgentNotFoundInTextAndJSON() async throws {
        try await ChatCLIFixture.with { fixture in
            let text = try await fixture.run(["chat", "send", "hi", "--agent", "nobody"])
            #expect(text.status == 1)
            #expect(text.stdout.isEmpty)
            #expect(text.stderrLines.count == 1)
            #expect(text.stderr.hasPrefix("error: Chatbase AGENT_NOT_FOUND (HTTP 404)"))

            let json = try await fixture.run(["chat", "send", "hi", "--agent", "nobody", "--json"])
            #expect(json.status == 1)
            let error = try #require(try json.jsonObject()["error"] as? [String: Any])
            #expect(error["code"] as? String == "AGENT_NOT_FOUND")
            #expect(error["status"] as? Int == 404)
            #expect(error["sdk"] as? String == "chatbase")
            #expect(json.stderr.isEmpty)
        }
    }

    @Test func aToolLoopThatNeverEndsIsTheSDKsTypedError() async throws {
        try await ChatCLIFixture.with { fixture in
            // Eleven streamed exchanges per run: a bound that holds on a loaded machine.
            let result = try await fixture.run(["chat", "send", "loop forever", "--json"], limit: .seconds(90))
            #expect(result.status == 1)
            let error = try #require(try result.jsonObject()["error"] as? [String: Any])
            #expect(error["code"] as? String == "TOOL_LOOP_LIMIT_EXCEEDED")
            #expect(error["status"] == nil)

            // In text mode the tool lines already shown end cleanly before the error.
            let text = try await fixture.run(["chat", "send", "loop forever"], limit: .seconds(90))
            #expect(text.status == 1)
            #expect(text.stdoutLines.count == 10)
            #expect(text.stdoutLines.allSatisfy { $0.hasPrefix(#"⚙ get_weather {"city":"Loop"} → {"#) })
            #expect(text.stderr.hasPrefix("error: Chatbase: the agent asked for more than 10 tool rounds."))
        }
    }

    @Test func aStreamErrorEndsTheLineAndReportsChatStreamingError() async throws {
        try await ChatCLIFixture.with { fixture in
            let result = try await fixture.run(["chat", "send", "stream error please"])
            #expect(result.status == 1)
            #expect(result.stdout == "Partial answer\n")
            #expect(result.stderr.hasPrefix("error: Chatbase CHAT_STREAMING_ERROR (HTTP 500): The model failed"))
        }
    }

    @Test func creditsRunOutWithTheServersCode() async throws {
        try await ChatCLIFixture.with { fixture in
            try fixture.server.createChatbaseAgent(ChatbaseAgentSpec(id: "thrifty", workspaceCredits: 1))
            #expect(try await fixture.run(["chat", "send", "hi", "--agent", "thrifty"]).status == 0)
            let spent = try await fixture.run(["chat", "send", "hi", "--agent", "thrifty", "--json"])
            #expect(spent.status == 1)
            let error = try #require(try spent.jsonObject()["error"] as? [String: Any])
            #expect(error["code"] as? String == "CHAT_CREDITS_EXHAUSTED")
            #expect(error["status"] as? Int == 402)
        }
    }

    @Test func nothingListeningIsUnreachableWithAHint() async throws {
        // A stopped server's port can be taken by a parallel test's server at once (and this CLI's
        // requests then reach that test's handler); a bound port that never listens stays refused.
        let refusing = try RefusingPort()
        defer { withExtendedLifetime(refusing) {} }
        let port = refusing.port
        try await ChatCLIFixture.with { fixture in
            for command in [["chat", "send", "hi"], ["chat", "conversations"], ["chat", "agent", "create"]] {
                let result = try await fixture.runBare(["--base-url", "http://127.0.0.1:\(port)", "--json"] + command)
                #expect(result.status == 1, "\(command)")
                let error = try #require(try result.jsonObject()["error"] as? [String: Any])
                #expect(error["code"] as? String == "emulator_unreachable")
                #expect((error["message"] as? String)?.contains("http://127.0.0.1:\(port)") == true)
                #expect((error["message"] as? String)?.contains("sdk emulator start") == true)
            }
        }
    }

    @Test(arguments: [
        ["chat", "send"],
        ["chat", "send", ""],
        ["chat", "send", "hi", "--conversation"],
        ["chat", "send", "hi", "--limit", "3"],
        ["chat", "conversations", "--limit", "0"],
        ["chat", "conversations", "--limit", "many"],
        ["chat", "messages"],
        ["chat", "identify"],
        ["chat", "agent", "create", "--pace-ms", "-1"],
        ["chat", "agent", "create", "--credits", "lots"],
        ["chat", "agent", "token"],
        ["chat", "snd", "hi"],
    ])
    func badLinesExitTwoBeforeAnyRequest(arguments: [String]) async throws {
        // No server at all: a usage error must come from the parser, not from a failed request.
        let result = await CLIHarness.run(arguments + ["--base-url", "http://127.0.0.1:9", "--json"])
        #expect(result.status == 2)
        let error = try #require(try result.jsonObject()["error"] as? [String: Any])
        #expect(error["code"] as? String != nil)
        #expect(error["code"] as? String != "emulator_unreachable")
    }

    @Test func theChatTableIsValidAndItsHelpDocumentsTheRules() async {
        #expect(SDKCLI.root.validationProblems().isEmpty)
        let help = await CLIHarness.run(["help", "chat"])
        #expect(help.status == 0)
        for fragment in [
            "send", "conversations", "messages", "identify", "logout", "agent", "SDK_CHAT_DATA_DIR", ".sdk/chat",
            "/api/sdk", "emulator-agent",
        ] {
            #expect(help.stdout.contains(fragment), "help lacks \(fragment)")
        }
    }
}
