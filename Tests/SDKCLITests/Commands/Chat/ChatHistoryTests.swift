import Emulator
import EmulatorTestSupport
import Foundation
import Testing

/// `sdk chat conversations`, `messages`, `identify` and `logout` against an in-process emulator.
@Suite struct ChatHistoryTests {
    @Test func conversationsListNewestFirstAndPage() async throws {
        try await ChatCLIFixture.with { fixture in
            let older = try await fixture.json(["chat", "send", "older one"])
            let newer = try await fixture.json(["chat", "send", "newer one"])
            let text = try await fixture.run(["chat", "conversations"])
            #expect(text.status == 0)
            try #require(text.stdoutLines.count == 2)
            #expect(text.stdoutLines[0].hasPrefix("\(newer["conversationId"] as? String ?? "?")  ongoing  20"))
            #expect(text.stdoutLines[0].hasSuffix("Z newer one"))
            #expect(text.stdoutLines[1].hasPrefix("\(older["conversationId"] as? String ?? "?")  ongoing  "))

            let firstPage = try await fixture.run(["chat", "conversations", "--limit", "1"])
            #expect(firstPage.stdoutLines.count == 2)
            let footer = try #require(firstPage.stdoutLines.last)
            #expect(footer.hasPrefix("showing 1 of 2; next page: --cursor "))
            let cursor = String(footer.dropFirst("showing 1 of 2; next page: --cursor ".count))
            let second = try await fixture.json(["chat", "conversations", "--limit", "1", "--cursor", cursor])
            let conversations = try #require(second["conversations"] as? [[String: Any]])
            #expect(conversations.map { $0["id"] as? String } == [older["conversationId"] as? String])
            #expect(conversations.first?["status"] as? String == "ongoing")
            #expect(conversations.first?["createdAt"] is Double)
            #expect(second["hasMore"] as? Bool == false)
            #expect(second["total"] as? Int == 2)
        }
    }

    @Test func anEmptyListSaysSo() async throws {
        try await ChatCLIFixture.with { fixture in
            let text = try await fixture.run(["chat", "conversations"])
            #expect(text.status == 0)
            #expect(text.stdout == "no conversations yet\n")
            let json = try await fixture.json(["chat", "conversations"])
            #expect((json["conversations"] as? [Any])?.isEmpty == true)
            #expect(json["nextCursor"] == nil)
        }
    }

    @Test func messagesShowTextAndToolPartsNewestFirst() async throws {
        try await ChatCLIFixture.with { fixture in
            let sent = try await fixture.json(["chat", "send", "What's the weather in Oslo?"])
            let id = try #require(sent["conversationId"] as? String)
            let text = try await fixture.run(["chat", "messages", id])
            #expect(text.status == 0)
            let lines = text.stdoutLines
            try #require(lines.count == 3)
            #expect(lines[0].hasPrefix("[agent msg_") && lines[0].contains("] Weather in Oslo: {"))
            #expect(lines[1].hasPrefix("[agent msg_") && lines[1].contains(#"] ⚙ get_weather {"city":"Oslo"} → {"#))
            #expect(lines[2].hasPrefix("[user msg_") && lines[2].hasSuffix("] What's the weather in Oslo?"))

            let json = try await fixture.json(["chat", "messages", id])
            #expect(json["conversationId"] as? String == id)
            let messages = try #require(json["messages"] as? [[String: Any]])
            #expect(messages.map { $0["role"] as? String } == ["assistant", "assistant", "user"])
            let parts = try #require(messages[1]["parts"] as? [[String: Any]])
            #expect(parts.map { $0["type"] as? String } == ["tool-call", "tool-result"])
        }
    }

    @Test func identifyActsAsTheUserUntilLogout() async throws {
        try await ChatCLIFixture.with { fixture in
            _ = try await fixture.json(["chat", "send", "before signing in"])
            let token = try fixture.server.chatbaseIdentityToken(agentID: "emulator-agent", sub: "alice")
            let identified = try await fixture.run(["chat", "identify"], extraEnvironment: ["SDK_CHAT_TOKEN": token])
            #expect(identified.status == 0)
            #expect(
                identified.stdout
                    == "identified as alice for agent emulator-agent; later chat commands carry the token\n")
            #expect(!identified.stdout.contains(token) && !identified.stderr.contains(token))

            // A new process (a new client) still carries the saved token: the merged conversation is alice's.
            let asAlice = try await fixture.json(["chat", "conversations"])
            let conversations = try #require(asAlice["conversations"] as? [[String: Any]])
            #expect(conversations.map { $0["userId"] as? String } == ["alice"])

            let loggedOut = try await fixture.json(["chat", "logout"])
            #expect(loggedOut["agentId"] as? String == "emulator-agent")
            #expect(loggedOut["userId"] is NSNull)
            let anonymous = try await fixture.json(["chat", "conversations"])
            #expect(anonymous["total"] as? Int == 0)
            let again = try await fixture.run(["chat", "logout"])
            #expect(again.stdout == "no user was signed in for agent emulator-agent\n")
        }
    }

    /// The token is a secret: it comes from stdin or the environment, never from the command line, where
    /// every process on the machine could read it.
    @Test func identifyReadsTheTokenFromStdinNeverFromArguments() async throws {
        try await ChatCLIFixture.with { fixture in
            let token = try fixture.server.chatbaseIdentityToken(agentID: "emulator-agent", sub: "dana")
            let piped = try await SDKProcess.run(
                ["--base-url", fixture.baseURL.absoluteString, "chat", "identify", "--token-stdin", "--json"],
                environment: fixture.environment, standardInput: Data((token + "\n").utf8))
            #expect(piped.status == 0, "\(piped.stdout)\(piped.stderr)")
            #expect(try piped.json()["userId"] as? String == "dana")
            #expect(!(piped.stdout + piped.stderr).contains(token))

            let asArgument = try await fixture.run(["chat", "identify", "--token", token])
            #expect(asArgument.status == 2, "no argument form")
            #expect(!(asArgument.stdout + asArgument.stderr).contains(token))
            let missing = try await fixture.run(["chat", "identify"])
            #expect(missing.status == 2)
            #expect(missing.stderr.contains("--token-stdin or $SDK_CHAT_TOKEN"), "\(missing.stderr)")
        }
    }

    @Test func identifyJSONAndARejectedToken() async throws {
        try await ChatCLIFixture.with { fixture in
            let token = try fixture.server.chatbaseIdentityToken(agentID: "emulator-agent", sub: "bob")
            let json = try await fixture.json(["chat", "identify"], extraEnvironment: ["SDK_CHAT_TOKEN": token])
            #expect(json["userId"] as? String == "bob")
            #expect(json["agentId"] as? String == "emulator-agent")

            let expired = try fixture.server.chatbaseIdentityToken(agentID: "emulator-agent", sub: "bob", ttl: -60)
            let rejected = try await fixture.run(
                ["chat", "identify", "--json"], extraEnvironment: ["SDK_CHAT_TOKEN": expired])
            #expect(rejected.status == 1)
            let error = try #require(try rejected.jsonObject()["error"] as? [String: Any])
            #expect(error["code"] as? String == "AUTH_INVALID_JWT")
            #expect(error["status"] as? Int == 401)
            #expect(!rejected.stdout.contains(expired))
        }
    }
}
