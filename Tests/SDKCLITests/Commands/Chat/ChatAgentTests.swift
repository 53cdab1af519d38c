import Emulator
import Foundation
import Testing

/// `sdk chat agent create` and `sdk chat agent token` through the emulator's admin API, and the
/// base-URL rule that finds the admin API from either form of `--base-url`.
@Suite struct ChatAgentTests {
    @Test func createMakesAnAgentTheChatCommandsCanUse() async throws {
        try await ChatCLIFixture.with { fixture in
            let created = try await fixture.json([
                "chat", "agent", "create", "--id", "paced", "--name", "Paced agent", "--credits", "5", "--pace-ms", "2",
                "--identity-secret", "s3cret-value",
            ])
            let agent = try #require(created["agent"] as? [String: Any])
            #expect(agent["id"] as? String == "paced")
            #expect(agent["name"] as? String == "Paced agent")
            #expect(agent["credits"] as? Int == 5)
            #expect(agent["agentCredits"] == nil)
            #expect(agent["paceMs"] as? Int == 2)
            #expect(agent["hasIdentitySecret"] as? Bool == true)
            let stored = try #require(try fixture.server.chatbaseAgents().first { $0.id == "paced" })
            #expect(stored.identitySecret == "s3cret-value" && stored.workspaceCredits == 5)

            let reply = try await fixture.json(["chat", "send", "hi", "--agent", "paced"])
            #expect(reply["reply"] as? String == "You said: hi")
        }
    }

    @Test func createInTextNeverPrintsTheSecretAndADuplicateFails() async throws {
        try await ChatCLIFixture.with { fixture in
            let text = try await fixture.run(["chat", "agent", "create", "--id", "twice", "--identity-secret", "hush"])
            #expect(text.status == 0)
            #expect(
                text.stdout
                    == "created agent twice (Emulator agent): credits unlimited, agent credits unlimited, pace 0 ms, "
                    + "identity secret set\n")
            #expect(!text.stdout.contains("hush"))
            let again = try await fixture.run(["chat", "agent", "create", "--id", "twice", "--json"])
            #expect(again.status == 1)
            let error = try #require(try again.jsonObject()["error"] as? [String: Any])
            #expect(error["code"] as? String == "conflict")
            #expect((error["message"] as? String)?.contains("HTTP 409") == true)
        }
    }

    @Test func aMintedTokenSignsTheUserIn() async throws {
        try await ChatCLIFixture.with { fixture in
            let token = try await fixture.run(["chat", "agent", "token", "--sub", "carol"])
            #expect(token.status == 0)
            let jwt = token.stdout.trimmingCharacters(in: .newlines)
            #expect(jwt.split(separator: ".").count == 3)
            let identified = try await fixture.json(["chat", "identify"], extraEnvironment: ["SDK_CHAT_TOKEN": jwt])
            #expect(identified["userId"] as? String == "carol")

            let noSecret = try await fixture.run(["chat", "agent", "create", "--id", "plain"])
            #expect(noSecret.status == 0)
            let refused = try await fixture.run(["chat", "agent", "token", "--sub", "carol", "--agent", "plain"])
            #expect(refused.status == 1)
            #expect(refused.stderr.contains("HTTP 409"))
        }
    }

    @Test func aBaseURLWithThePathIsUsedAsGiven() async throws {
        try await ChatCLIFixture.with { fixture in
            let api = fixture.baseURL.appendingPathComponent("api").appendingPathComponent("sdk")
            let reply = try await fixture.runBare(["--base-url", api.absoluteString, "chat", "send", "hi", "--json"])
            #expect(reply.status == 0)
            #expect(try reply.jsonObject()["reply"] as? String == "You said: hi")
            // The admin API is found at the root either way.
            let created = try await fixture.runBare([
                "--base-url", api.absoluteString + "/", "chat", "agent", "create", "--id", "from-api-url",
            ])
            #expect(created.status == 0)
            #expect(try fixture.server.chatbaseAgents().contains { $0.id == "from-api-url" })
            // Through the environment too, as every command's base URL.
            let viaEnvironment = try await fixture.runBare(
                ["chat", "send", "hello", "--json"], extraEnvironment: ["SDK_BASE_URL": fixture.baseURL.absoluteString])
            #expect(try viaEnvironment.jsonObject()["reply"] as? String == "You said: hello")
        }
    }
}
