import Emulator
import EmulatorTestSupport
import ErrorCore
import Foundation
import Testing

@testable import EmulatorChatbase
@testable import EmulatorCore

/// The Swift and HTTP admin APIs, seeding, reset and persistence.
@Suite struct ChatbaseAdminTests {
    @Test func aFreshDatabaseHoldsTheSeededAgent() async throws {
        try await withChatbase { server, _ async throws in
            #expect(
                try server.chatbaseAgents() == [
                    ChatbaseAgent(
                        id: "emulator-agent", name: "Emulator agent", identitySecret: "emulator-identity-secret",
                        workspaceCredits: nil, agentCredits: nil, sdkChannelEnabled: true, modelAllowed: true,
                        paceMilliseconds: 0)
                ])
        }
    }

    @Test func swiftAdminCreatesUpdatesAndRefusesBadAgents() async throws {
        try await withChatbase { server, _ async throws in
            let random = try server.createChatbaseAgent()
            #expect(random.id.hasPrefix("agent_"))
            #expect(random.name == "Emulator agent")
            let custom = try server.createChatbaseAgent(
                ChatbaseAgentSpec(id: "a-1.b_c", name: "Custom", workspaceCredits: 3, paceMilliseconds: 5))
            let updated = try server.updateChatbaseAgent(id: "a-1.b_c") {
                $0.name = "Renamed"
                $0.workspaceCredits = nil
            }
            #expect(updated.name == "Renamed" && updated.workspaceCredits == nil && updated.paceMilliseconds == 5)
            #expect(try server.chatbaseAgents().map(\.id) == ["emulator-agent", random.id, custom.id])

            #expect(throws: ChatbaseAdminError.agentExists("a-1.b_c")) {
                try server.createChatbaseAgent(ChatbaseAgentSpec(id: "a-1.b_c"))
            }
            for spec in [
                ChatbaseAgentSpec(id: ""), ChatbaseAgentSpec(id: "has/slash"), ChatbaseAgentSpec(id: "é"),
                ChatbaseAgentSpec(workspaceCredits: -1), ChatbaseAgentSpec(agentCredits: -1),
                ChatbaseAgentSpec(paceMilliseconds: -1), ChatbaseAgentSpec(paceMilliseconds: 60_001),
                ChatbaseAgentSpec(identitySecret: ""),
            ] {
                #expect(throws: ChatbaseAdminError.self) { try server.createChatbaseAgent(spec) }
            }
            #expect(throws: ChatbaseAdminError.agentNotFound("nope")) {
                try server.updateChatbaseAgent(id: "nope") { $0.name = "x" }
            }
            #expect(throws: ChatbaseAdminError.invalidAgent("id cannot change")) {
                try server.updateChatbaseAgent(id: "a-1.b_c") { $0.id = "other" }
            }
            #expect(throws: ChatbaseAdminError.invalidStatus("closed")) {
                try server.setChatbaseConversationStatus(id: "conv_x", "closed")
            }
            #expect(throws: ChatbaseAdminError.conversationNotFound("conv_x")) {
                try server.setChatbaseConversationStatus(id: "conv_x", "ended")
            }
            #expect(throws: ChatbaseAdminError.noIdentitySecret(random.id)) {
                try server.chatbaseIdentityToken(agentID: random.id, sub: "u")
            }
        }
    }

    @Test func withoutTheServiceTheAdminSaysSo() async throws {
        try await withEmulator(.testing()) { server, client async throws in
            #expect(throws: ChatbaseAdminError.notMounted) { try server.chatbaseAgents() }
            #expect(throws: ChatbaseAdminError.notMounted) { try server.createChatbaseAgent() }
            let response = try await client.send("GET", "/__emulator/chatbase/agents")
            #expect(response.status == 404)
            #expect(response.jsonObject()?["error"] as? String == "not_found")
        }
    }

    @Test func httpAdminManagesAgents() async throws {
        try await withChatbase { _, client async throws in
            let http = client.http
            let created = try await http.send(
                "POST", "/__emulator/chatbase/agents",
                json:
                    #"{"id":"web","name":"Web","identity_secret":"s","workspace_credits":2,"agent_credits":null,"sdk_channel_enabled":true,"model_allowed":false,"pace_ms":10}"#
            )
            #expect(created.status == 201)
            #expect(
                created.json == [
                    "id": "web", "name": "Web", "identity_secret": "s", "workspace_credits": 2, "agent_credits": nil,
                    "sdk_channel_enabled": true, "model_allowed": false, "pace_ms": 10,
                ])
            let random = try await http.send("POST", "/__emulator/chatbase/agents", json: "{}")
            #expect(random.status == 201)
            #expect(random.json?["id"]?.stringValue?.hasPrefix("agent_") == true)

            let patched = try await http.send(
                "PATCH", "/__emulator/chatbase/agents/web", json: #"{"model_allowed":true,"identity_secret":null}"#)
            #expect(patched.status == 200)
            #expect(patched.json?["model_allowed"] == true)
            #expect(patched.json?["identity_secret"] == .null)
            #expect(patched.json?["workspace_credits"] == 2)

            let list = try await http.send("GET", "/__emulator/chatbase/agents")
            #expect(
                list.json?["agents"]?.arrayValue?.compactMap { $0["id"]?.stringValue }.prefix(2) == [
                    "emulator-agent", "web",
                ])

            // The change is live for the API.
            #expect(try await client.with(agent: "web").chat("hi").status == 200)
        }
    }

    /// `(method, path, body, status)` the admin refuses.
    static let badAdminCalls: [(String, String, String, Int)] = [
        ("POST", "agents", #"{"id":"emulator-agent"}"#, 409), ("POST", "agents", #"{"pace_ms":"fast"}"#, 400),
        ("POST", "agents", #"{"paceMs":1}"#, 400), ("POST", "agents", #"{"workspace_credits":-2}"#, 400),
        ("POST", "agents", "[]", 400), ("POST", "agents", "{", 400), ("PATCH", "agents/nope", "{}", 404),
        ("PATCH", "agents/emulator-agent", #"{"id":"x"}"#, 400), ("DELETE", "agents", "", 405),
        ("POST", "conversations/conv_x/status", #"{"status":"ended"}"#, 404),
        ("POST", "conversations/conv_x/status", #"{"status":"paused"}"#, 400),
        ("POST", "conversations/conv_x/status", #"{"status":1}"#, 400),
        ("POST", "tokens", #"{"agent_id":"nope","sub":"u"}"#, 404),
        ("POST", "tokens", #"{"agent_id":"emulator-agent"}"#, 400),
        ("POST", "tokens", #"{"agent_id":"emulator-agent","sub":"u","ttl_seconds":"1h"}"#, 400),
        ("GET", "nothing", "", 404),
    ]

    @Test(arguments: badAdminCalls)
    func httpAdminRefusesBadCalls(method: String, path: String, body: String, status: Int) async throws {
        try await withChatbase { _, client async throws in
            let response = try await client.http.send(
                method, "/__emulator/chatbase/\(path)", body: body.isEmpty ? nil : Data(body.utf8))
            #expect(response.status == status, "\(response.text)")
            #expect(response.jsonObject()?["error"] is String, "the admin API's Palbase envelope")
        }
    }

    @Test func httpAdminSetsStatusesAndMintsTokens() async throws {
        try await withChatbase { _, client async throws in
            let stream = try await client.chat("hello")
            let conversationID = try #require(stream.conversationId)
            let status = try await client.http.send(
                "POST", "/__emulator/chatbase/conversations/\(conversationID)/status", json: #"{"status":"ended"}"#)
            #expect(status.status == 204)
            expectChatbaseError(
                try await client.chat("more", conversationId: conversationID).response, 403,
                "CHAT_CONVERSATION_NOT_ONGOING")

            let minted = try await client.http.send(
                "POST", "/__emulator/chatbase/tokens", json: #"{"agent_id":"emulator-agent","sub":"erin"}"#)
            let token = try #require(minted.json?["token"]?.stringValue)
            #expect(try await client.post("/verify", ["token": .string(token)]).json?["data"]?["userId"] == "erin")

            let expired = try await client.http.send(
                "POST", "/__emulator/chatbase/tokens",
                json: #"{"agent_id":"emulator-agent","sub":"erin","ttl_seconds":-10}"#)
            let stale = try #require(expired.json?["token"]?.stringValue)
            expectChatbaseError(try await client.post("/verify", ["token": .string(stale)]), 401, "AUTH_INVALID_JWT")
        }
    }

    @Test func resetEmptiesEverythingAndSeedsTheAgentAgain() async throws {
        // The clock stands still: on a loaded machine the four requests could outlast a real 10 s window.
        try await withChatbase(rateLimit: 4, clock: ManualClock()) { server, client async throws in
            try server.createChatbaseAgent(ChatbaseAgentSpec(id: "temp"))
            try server.updateChatbaseAgent(id: "emulator-agent") { $0.workspaceCredits = 0 }
            _ = try await client.with(agent: "temp").chat("hi")
            _ = try await client.get("/conversations")
            _ = try await client.get("/conversations")
            #expect(try await client.get("/conversations").header("X-RateLimit-Remaining") == "0")

            #expect(try await client.http.send("POST", "/__emulator/reset").status == 204)
            #expect(try server.chatbaseAgents().map(\.id) == ["emulator-agent"])
            #expect(try server.chatbaseAgents().first?.workspaceCredits == nil)
            let list = try await client.get("/conversations")
            #expect(list.header("X-RateLimit-Remaining") == "3", "rate windows start over")
            #expect(list.json?["pagination"]?["total"] == 0)
            #expect(try server.store.query("SELECT COUNT(*) AS n FROM chatbase_messages").first?.int("n") == 0)
        }
    }

    @Test func conversationsSurviveARestart() async throws {
        try await withTemporaryDirectory { directory async throws in
            let (conversationID, callID) = try await withChatbase(storage: .directory(directory)) {
                server, client async throws in
                try server.createChatbaseAgent(ChatbaseAgentSpec(id: "kept", agentCredits: 5))
                let stream = try await client.with(agent: "kept").chat("weather in Bergen")
                return (try #require(stream.conversationId), try #require(stream.toolCallIds.first))
            }
            try await withChatbase(storage: .directory(directory)) { server, client async throws in
                let kept = client.with(agent: "kept")
                #expect(try server.chatbaseAgents().map(\.id) == ["emulator-agent", "kept"], "seeded once, not again")
                #expect(try server.chatbaseAgents().last?.agentCredits == 4)
                #expect(
                    try await kept.toolResult(conversationId: conversationID, toolCallId: callID, output: "rain").status
                        == 200)
                #expect(try await kept.chat(nil, conversationId: conversationID).text == #"Weather in Bergen: "rain"."#)
                #expect(
                    try await kept.get("/conversations/\(conversationID)/messages").json?["pagination"]?["total"] == 3)
            }
        }
    }
}
