import Emulator
import EmulatorTestSupport
import ErrorCore
import Foundation
import Testing

@testable import EmulatorChatbase
@testable import EmulatorCore

/// The checks every request goes through (route, agent, headers, body, plan) and their error codes.
@Suite struct ChatbaseRequestTests {
    @Test func unknownRoutesAndWrongMethodsAre404() async throws {
        try await withChatbase { _, client async throws in
            let headers = client.headers
            for (method, path) in [
                ("GET", "/api/sdk"), ("GET", "/api/sdk/agents/emulator-agent"),
                ("GET", "/api/sdk/agents/emulator-agent/chat"),
                ("DELETE", "/api/sdk/agents/emulator-agent/conversations"),
                ("POST", "/api/sdk/agents/emulator-agent/nope"),
                ("PUT", "/api/sdk/agents/emulator-agent/conversations/c/retry"), ("GET", "/api/sdk/agents/%ZZ/chat"),
            ] {
                let response = try await client.http.send(method, path, headers: headers)
                expectChatbaseError(response, 404, "RESOURCE_NOT_FOUND")
            }
        }
    }

    @Test func unknownAgentsAndDisabledChannelsAreAgentNotFound() async throws {
        try await withChatbase { server, client async throws in
            expectChatbaseError(try await client.with(agent: "nobody").get("/conversations"), 404, "AGENT_NOT_FOUND")
            try server.createChatbaseAgent(ChatbaseAgentSpec(id: "off", sdkChannelEnabled: false))
            expectChatbaseError(try await client.with(agent: "off").chat("hi").response, 404, "AGENT_NOT_FOUND")
        }
    }

    @Test(arguments: [nil, "", "curl/8.0", "chatbase-ios-sdk/1", "Chatbase-iOS-SDK", "Mozilla Chatbase-iOS-SDK/1"])
    func userAgentsThatAreNotTheSDKsAreRefused(userAgent: String?) async throws {
        try await withChatbase { _, client async throws in
            var headers = client.headers
            headers["User-Agent"] = userAgent
            let response = try await client.http.send(
                "GET", "/api/sdk/agents/emulator-agent/conversations", headers: headers)
            expectChatbaseError(response, 400, "AUTH_INVALID_USER_AGENT")
        }
    }

    @Test func bothSDKUserAgentsAreAccepted() async throws {
        try await withChatbase { _, client async throws in
            for userAgent in ["Chatbase-iOS-SDK/2.1.0", "Chatbase-Android-SDK/0.9 (Pixel)"] {
                var sdk = client
                sdk.userAgent = userAgent
                #expect(try await sdk.get("/conversations").status == 200)
            }
        }
    }

    @Test(arguments: [nil, "", "   "])
    func aMissingDeviceIDIsRefused(deviceID: String?) async throws {
        try await withChatbase { _, client async throws in
            var headers = client.headers
            headers["X-Device-Id"] = deviceID
            let response = try await client.http.send(
                "POST", "/api/sdk/agents/emulator-agent/chat", headers: headers, json: #"{"message":"hi"}"#)
            expectChatbaseError(response, 400, "VALIDATION_MISSING_USER_IDENTIFIER")
        }
    }

    @Test func checksRunInTheDocumentedOrder() async throws {
        try await withChatbase { _, client async throws in
            // Unknown agent beats a bad User-Agent; a bad User-Agent beats a missing device; a missing
            // device beats a bad token.
            let bad = ["User-Agent": "x", "X-User-Token": "nope"]
            expectChatbaseError(
                try await client.http.send("GET", "/api/sdk/agents/nobody/conversations", headers: bad), 404,
                "AGENT_NOT_FOUND")
            expectChatbaseError(
                try await client.http.send("GET", "/api/sdk/agents/emulator-agent/conversations", headers: bad), 400,
                "AUTH_INVALID_USER_AGENT")
            expectChatbaseError(
                try await client.http.send(
                    "GET", "/api/sdk/agents/emulator-agent/conversations",
                    headers: ["User-Agent": client.userAgent, "X-User-Token": "nope"]), 400,
                "VALIDATION_MISSING_USER_IDENTIFIER")
            expectChatbaseError(try await client.with(token: "nope").get("/conversations"), 401, "AUTH_INVALID_JWT")
        }
    }

    /// Raw bodies that are not JSON at all.
    static let notJSON: [Data] = [
        Data(), Data("{".utf8), Data("message=hi".utf8),
        Data([0x7B, 0x22, 0x6D, 0x22, 0x3A, 0x22, 0xFF, 0xFE, 0x22, 0x7D]),
        Data((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8),
        Data(#"{"message":"hi"} x"#.utf8), Data("NaN".utf8),
    ]

    @Test(arguments: notJSON)
    func bodiesThatAreNotJSONAreInvalidJSON(body: Data) async throws {
        try await withChatbase { _, client async throws in
            for path in ["/chat", "/verify", "/conversations/c/retry", "/conversations/c/tool-result"] {
                expectChatbaseError(try await client.post(path, raw: body), 400, "VALIDATION_INVALID_JSON")
            }
        }
    }

    /// `(body, the field details must name)`.
    static let wrongShapes: [(String, String)] = [
        ("[]", "body"), ("\"hi\"", "body"), ("{}", "message"), (#"{"message":""}"#, "message"),
        (#"{"message":"  \n"}"#, "message"), (#"{"message":42}"#, "message"), (#"{"message":["a"]}"#, "message"),
        (#"{"message":"hi","stream":"yes"}"#, "stream"), (#"{"message":"hi","stream":1}"#, "stream"),
        (#"{"message":"hi","conversationId":7}"#, "conversationId"), (#"{"stream":true}"#, "message"),
    ]

    @Test(arguments: wrongShapes)
    func wrongShapesAreInvalidBodyNamingTheField(body: String, field: String) async throws {
        try await withChatbase { _, client async throws in
            let response = try await client.post("/chat", raw: Data(body.utf8))
            let details = expectChatbaseError(response, 400, "VALIDATION_INVALID_BODY")
            #expect(details?[field]?.stringValue?.isEmpty == false, "\(response.text)")
        }
    }

    @Test func hostileValuesNeverBreakTheService() async throws {
        try await withChatbase { _, client async throws in
            let prefix = "\u{0}\u{202E}🙂\u{FFFF}"
            // The longest message stored is 20,480 bytes of UTF-8; one byte more is refused, not stored.
            let odd = prefix + String(repeating: "x", count: 20_480 - prefix.utf8.count)
            let stream = try await client.chat(odd)
            #expect(stream.status == 200)
            #expect(stream.text == "You said: " + odd)
            let over = try await client.post("/chat", ["message": .string(odd + "x")])
            #expect(expectChatbaseError(over, 400, "VALIDATION_INVALID_BODY")?["message"] != nil)
            let conversations = try await client.get("/conversations")
            #expect(conversations.json?["data"]?.arrayValue?.count == 1, "the refused message started nothing")
            let huge = try await client.post(
                "/chat", ["message": "hi", "conversationId": .string(String(repeating: "c", count: 100_000))])
            expectChatbaseError(huge, 404, "RESOURCE_NOT_FOUND")
            let numbers = try await client.post("/chat", raw: Data(#"{"message":"hi","stream":1e999}"#.utf8))
            #expect(numbers.status == 400)
            let deep = try await client.toolResult(
                conversationId: "c", toolCallId: "x", output: .array([.array([.array([.object(["a": .null])])])]))
            expectChatbaseError(deep, 404, "RESOURCE_NOT_FOUND")
            let weird = try await client.with(device: String(repeating: "d", count: 4_000)).get(
                "/conversations?limit=%F0%9F%99%82&cursor=%00")
            expectChatbaseError(weird, 400, "VALIDATION_INVALID_BODY")
        }
    }

    @Test func modelNotAllowedRefusesChatAndRetryButNotReads() async throws {
        try await withChatbase { server, client async throws in
            let stream = try await client.chat("hi")
            let conversationID = try #require(stream.conversationId)
            try server.updateChatbaseAgent(id: "emulator-agent") { $0.modelAllowed = false }
            expectChatbaseError(try await client.chat("again").response, 403, "CHAT_MODEL_NOT_ALLOWED")
            let retry = try await client.post(
                "/conversations/\(conversationID)/retry", ["messageId": .string(try #require(stream.messageId))])
            expectChatbaseError(retry, 403, "CHAT_MODEL_NOT_ALLOWED")
            #expect(try await client.get("/conversations").status == 200)
        }
    }

    @Test func workspaceCreditsRunOutFirstThenAgentCredits() async throws {
        try await withChatbase { server, client async throws in
            try server.createChatbaseAgent(ChatbaseAgentSpec(id: "paid", workspaceCredits: 2, agentCredits: 3))
            let paid = client.with(agent: "paid")
            #expect(try await paid.chat("one").status == 200)
            #expect(try await paid.post("/chat", ["message": "two", "stream": false]).status == 200)
            expectChatbaseError(try await paid.chat("three").response, 402, "CHAT_CREDITS_EXHAUSTED")
            var agent = try #require(try server.chatbaseAgents().first { $0.id == "paid" })
            #expect(agent.workspaceCredits == 0)
            #expect(agent.agentCredits == 1)

            agent = try server.updateChatbaseAgent(id: "paid") { $0.workspaceCredits = nil }
            #expect(try await paid.chat("three").status == 200)
            let refused = try await paid.chat("four")
            expectChatbaseError(refused.response, 402, "CHAT_AGENT_CREDITS_EXHAUSTED")
            #expect(try server.chatbaseAgents().first { $0.id == "paid" }?.agentCredits == 0)
        }
    }

    @Test func aConversationThatIsNotOngoingTakesNoMessages() async throws {
        try await withChatbase { server, client async throws in
            let stream = try await client.chat("weather in Rome")
            let conversationID = try #require(stream.conversationId)
            for status in ["ended", "taken_over"] {
                try server.setChatbaseConversationStatus(id: conversationID, status)
                expectChatbaseError(
                    try await client.chat("more", conversationId: conversationID).response, 403,
                    "CHAT_CONVERSATION_NOT_ONGOING")
                let list = try await client.get("/conversations")
                #expect(list.json?["data"]?[0]?["status"]?.stringValue == status)
            }
            // The pending tool result is still accepted; the continuation is not.
            let call = try #require(stream.toolCallIds.first)
            #expect(
                try await client.toolResult(conversationId: conversationID, toolCallId: call, output: 1).status == 200)
            expectChatbaseError(
                try await client.chat(nil, conversationId: conversationID).response, 403,
                "CHAT_CONVERSATION_NOT_ONGOING")
            try server.setChatbaseConversationStatus(id: conversationID, "ongoing")
            #expect(try await client.chat(nil, conversationId: conversationID).text == "Weather in Rome: 1.")
        }
    }

    @Test func rateLimitCountsPerDeviceWithHeadersOnEveryAnswer() async throws {
        let clock = ManualClock()
        try await withChatbase(rateLimit: 3, rateLimitWindow: .seconds(10), clock: clock) { _, client async throws in
            let resetAt = String(Int64((clock.now.timeIntervalSince1970 * 1000).rounded(.down)) + 10_000)
            var remaining: [String?] = []
            for path in ["/conversations", "/nope", "/conversations"] {
                let response = try await client.get(path)
                #expect(response.header("X-RateLimit-Limit") == "3")
                #expect(response.header("X-RateLimit-Reset") == resetAt)
                remaining.append(response.header("X-RateLimit-Remaining"))
            }
            #expect(remaining == ["2", "1", "0"], "errors count too")

            clock.advance(seconds: 2.5)
            let refused = try await client.chat("hi")
            expectChatbaseError(refused.response, 429, "RATE_LIMIT_TOO_MANY_REQUESTS")
            #expect(refused.response.header("Retry-After") == "8")
            #expect(refused.response.header("X-RateLimit-Remaining") == "0")
            #expect(refused.response.header("X-RateLimit-Reset") == resetAt)

            #expect(try await client.with(device: "device-2").get("/conversations").status == 200, "per device")

            clock.advance(seconds: 7.499)
            #expect(try await client.get("/conversations").header("Retry-After") == "1")
            clock.advance(seconds: 0.001)
            let fresh = try await client.get("/conversations")
            #expect(fresh.status == 200)
            #expect(fresh.header("X-RateLimit-Remaining") == "2")
        }
    }

    @Test func anUnexpectedFailureIsInternalServerErrorWithTheUsualHeaders() async throws {
        try await withChatbase { server, client async throws in
            // Only a broken database can make the service fail; drop a table to get there.
            try server.store.execute("DROP TABLE chatbase_messages")
            let response = try await client.chat("hi").response
            expectChatbaseError(response, 500, "INTERNAL_SERVER_ERROR")
            #expect(response.header("X-RateLimit-Remaining") == "999")
            #expect(!response.text.contains("chatbase_messages"), "no internals in the answer")
        }
    }

    @Test func theStandardConfigurationMountsChatbase() async throws {
        var configuration = EmulatorConfiguration.standard(port: 0, storage: .inMemory)
        configuration.palbaseHandlers = []
        try await withEmulator(configuration) { _, http async throws in
            let client = ChatbaseTestClient(http: http)
            #expect(try await client.chat("hello").text == "You said: hello")
        }
    }
}
