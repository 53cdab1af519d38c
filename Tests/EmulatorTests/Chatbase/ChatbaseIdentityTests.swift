import Emulator
import EmulatorTestSupport
import ErrorCore
import Foundation
import SDKCrypto
import Testing

@testable import EmulatorChatbase
@testable import EmulatorCore

/// Identify (HS256 JWT), `X-User-Token` on every request, merging and conversation ownership.
@Suite struct ChatbaseIdentityTests {
    static let secret = ChatbaseMigrations.seededIdentitySecret

    private func token(
        _ sub: String = "user-1", expiresIn seconds: TimeInterval = 600, secret: String = secret
    ) -> String {
        ChatbaseJWT.hs256(sub: sub, exp: Date().addingTimeInterval(seconds), secret: secret)
    }

    /// A token with any header and payload, signed with `secret` over exactly those segments.
    private func custom(header: AnyCodableValue, payload: AnyCodableValue, secret: String = secret) -> String {
        let input = Base64URL.encode(Data(header.jsonText.utf8)) + "." + Base64URL.encode(Data(payload.jsonText.utf8))
        return input + "."
            + Base64URL.encode(HMACSHA256.authenticationCode(for: Data(input.utf8), key: Data(secret.utf8)))
    }

    @Test func aValidTokenIdentifiesTheUser() async throws {
        try await withChatbase { _, client async throws in
            let response = try await client.post("/verify", ["token": .string(token())])
            #expect(response.status == 200)
            #expect(response.json == ["data": ["userId": "user-1"]])
        }
    }

    @Test func invalidTokensAreRefused() async throws {
        let future = Int(Date().timeIntervalSince1970) + 600
        let signed = token()
        let parts = signed.split(separator: ".").map(String.init)
        let tampered =
            parts[0] + "." + Base64URL.encode(Data(#"{"exp":\#(future),"sub":"admin"}"#.utf8)) + "." + parts[2]
        let none = Base64URL.encode(Data(#"{"alg":"none"}"#.utf8)) + "." + parts[1] + "."
        let tokens = [
            token(expiresIn: -1), token(secret: "wrong-secret"), tampered, none,
            custom(header: ["alg": "HS512"], payload: ["sub": "u", "exp": .int(future)]),
            custom(header: ["alg": "hs256"], payload: ["sub": "u", "exp": .int(future)]),
            custom(header: ["alg": "HS256"], payload: ["sub": "u"]),
            custom(header: ["alg": "HS256"], payload: ["exp": .int(future)]),
            custom(header: ["alg": "HS256"], payload: ["sub": 42, "exp": .int(future)]),
            custom(header: ["alg": "HS256"], payload: ["sub": "u", "exp": "never"]),
            custom(header: ["alg": "HS256"], payload: ["sub": "u", "exp": .int(future), "nbf": .int(future)]),
            "", "a.b", "a.b.c.d", String(repeating: "x", count: 20_000), signed + "x",
        ]
        try await withChatbase { _, client async throws in
            for token in tokens {
                let response = try await client.post("/verify", ["token": .string(token)])
                if token.isEmpty {
                    expectChatbaseError(response, 400, "VALIDATION_INVALID_BODY")
                } else {
                    expectChatbaseError(response, 401, "AUTH_INVALID_JWT")
                }
            }
            // Control: the same construction with good claims passes.
            let good = custom(header: ["alg": "HS256"], payload: ["sub": "u", "exp": .double(Double(future) + 0.5)])
            #expect(try await client.post("/verify", ["token": .string(good)]).status == 200)
        }
    }

    @Test func withoutASecretEveryTokenIsInvalid() async throws {
        try await withChatbase { server, client async throws in
            try server.createChatbaseAgent(ChatbaseAgentSpec(id: "anon"))
            let response = try await client.with(agent: "anon").post("/verify", ["token": .string(token())])
            expectChatbaseError(response, 401, "AUTH_INVALID_JWT")
        }
    }

    @Test func anInvalidUserTokenHeaderFailsEveryEndpoint() async throws {
        try await withChatbase { _, client async throws in
            let expired = client.with(token: token(expiresIn: -5))
            let responses = [
                try await expired.chat("hi").response, try await expired.get("/conversations"),
                try await expired.get("/conversations/c/messages"),
                try await expired.post("/verify", ["token": .string(token())]),
                try await expired.post("/conversations/c/retry", ["messageId": "m"]),
                try await expired.toolResult(conversationId: "c", toolCallId: "t", output: 1),
                try await client.with(token: "").get("/conversations"),
            ]
            for response in responses { expectChatbaseError(response, 401, "AUTH_INVALID_JWT") }
        }
    }

    @Test func identifyMergesTheDevicesAnonymousConversations() async throws {
        try await withChatbase { server, client async throws in
            try server.createChatbaseAgent(ChatbaseAgentSpec(id: "other", identitySecret: "s2"))
            let first = try await client.chat("first")
            let second = try await client.chat("second")
            let elsewhere = try await client.with(device: "device-2").chat("elsewhere")
            let otherAgent = try await client.with(agent: "other").chat("other agent")
            #expect([first, second, elsewhere, otherAgent].allSatisfy { $0.status == 200 })

            #expect(try await client.post("/verify", ["token": .string(token("alice"))]).status == 200)
            let alice = client.with(token: token("alice"))
            let list = try await alice.get("/conversations")
            let ids = list.json?["data"]?.arrayValue?.compactMap { $0["id"]?.stringValue }
            #expect(ids == [second.conversationId, first.conversationId].compactMap { $0 })
            #expect(list.json?["data"]?[0]?["userId"] == "alice")

            // The device sees none anonymously any more; the other agent's conversation stayed anonymous.
            #expect(try await client.get("/conversations").json?["pagination"]?["total"] == 0)
            #expect(try await client.with(agent: "other").get("/conversations").json?["pagination"]?["total"] == 1)

            // The user's conversations follow the user to another device; new turns carry the user id.
            let phone = alice.with(device: "phone")
            let conversationID = try #require(first.conversationId)
            let turn = try await phone.chat("from the phone", conversationId: conversationID)
            #expect(turn.finishMetadata?["userId"] == "alice")
            #expect(try await phone.get("/conversations").json?["pagination"]?["total"] == 2)
        }
    }

    @Test func ownershipSeparatesDevicesUsersAndAgents() async throws {
        try await withChatbase { server, client async throws in
            try server.createChatbaseAgent(ChatbaseAgentSpec(id: "second"))
            let anonymous = try await client.chat("mine")
            let anonymousID = try #require(anonymous.conversationId)
            let bob = client.with(token: token("bob"))
            let bobs = try await bob.chat("bob's")
            let bobsID = try #require(bobs.conversationId)

            let cases: [(ChatbaseTestClient, String)] = [
                (client.with(device: "device-2"), anonymousID),  // another device
                (bob, anonymousID),  // a user is not the anonymous device
                (client, bobsID),  // the device without the token
                (client.with(token: token("carol")), bobsID),  // another user
            ]
            for (caller, conversationID) in cases {
                expectChatbaseError(
                    try await caller.chat("x", conversationId: conversationID).response, 403, "AUTH_OWNERSHIP_MISMATCH")
                expectChatbaseError(
                    try await caller.get("/conversations/\(conversationID)/messages"), 403, "AUTH_OWNERSHIP_MISMATCH")
                let retry = try await caller.post(
                    "/conversations/\(conversationID)/retry", ["messageId": .string(anonymous.messageId ?? "")])
                expectChatbaseError(retry, 403, "AUTH_OWNERSHIP_MISMATCH")
            }
            let otherAgent = client.with(agent: "second")
            expectChatbaseError(
                try await otherAgent.chat("x", conversationId: anonymousID).response, 403, "CHAT_CONVERSATION_MISMATCH")
            expectChatbaseError(
                try await otherAgent.get("/conversations/\(anonymousID)/messages"), 403, "CHAT_CONVERSATION_MISMATCH")
            // Missing conversations: messages and retry say ownership, chat says not found.
            expectChatbaseError(try await client.get("/conversations/conv_x/messages"), 403, "AUTH_OWNERSHIP_MISMATCH")
            expectChatbaseError(
                try await client.post("/conversations/conv_x/retry", ["messageId": "m"]), 403, "AUTH_OWNERSHIP_MISMATCH"
            )
        }
    }

    /// `aud` is optional; when a token carries one, it must name the agent the request is for.
    @Test(
        arguments: [
            (nil, true), (AnyCodableValue.string("emulator-agent"), true), (["other", "emulator-agent"], true),
            (.string("second"), false), (["second"], false), (.int(1), false), (.null, false),
        ] as [(AnyCodableValue?, Bool)])
    func anAudienceMustNameTheAgent(audience: AnyCodableValue?, accepted: Bool) {
        let token = ChatbaseJWT.hs256(
            sub: "erin", exp: Date().addingTimeInterval(600), secret: Self.secret,
            extraClaims: audience.map { ["aud": $0] } ?? [:])
        let subject = ChatbaseJWT.subject(of: token, secret: Self.secret, now: Date(), audience: "emulator-agent")
        #expect(subject == (accepted ? "erin" : nil))
    }

    @Test func tokensFromTheAdminAPIVerify() async throws {
        try await withChatbase { server, client async throws in
            let token = try server.chatbaseIdentityToken(agentID: "emulator-agent", sub: "dave")
            #expect(
                ChatbaseJWT.subject(of: token, secret: Self.secret, now: Date(), audience: "emulator-agent") == "dave")
            #expect(
                ChatbaseJWT.subject(
                    of: token, secret: Self.secret, now: Date().addingTimeInterval(3_601), audience: "emulator-agent")
                    == nil)
            #expect(try await client.post("/verify", ["token": .string(token)]).json?["data"]?["userId"] == "dave")
        }
    }
}
