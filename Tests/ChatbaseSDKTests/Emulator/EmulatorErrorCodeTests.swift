import Emulator
import ErrorCore
import Foundation
import Testing

@testable import ChatbaseSDK

/// The seed's error-code table, row by row, for every code the emulator can produce through the SDK: the
/// code and status reach the caller as `APIError.httpError`, unchanged. (`VALIDATION_INVALID_JSON`,
/// `VALIDATION_MISSING_USER_IDENTIFIER` and `AUTH_INVALID_USER_AGENT` need a malformed request the SDK
/// never sends; the emulator's own tests cover them.)
@Suite(.timeLimit(.minutes(1))) struct EmulatorErrorCodeTests {
    private func expectAPIError(
        status: Int, code: String, sourceLocation: SourceLocation = #_sourceLocation,
        _ operation: () async throws -> Void
    ) async {
        do {
            try await operation()
            Issue.record("expected \(status) \(code), but the call succeeded", sourceLocation: sourceLocation)
        } catch let error as APIError {
            #expect(error.statusCode == status, "got \(error)", sourceLocation: sourceLocation)
            #expect(error.apiCode == code, "got \(error)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("expected APIError \(code), got \(error)", sourceLocation: sourceLocation)
        }
    }

    @Test func planAndCreditCodes() async throws {
        try await withChatbaseEmulator { harness in
            try harness.server.createChatbaseAgent(ChatbaseAgentSpec(id: "broke", agentCredits: 0))
            await expectAPIError(status: 402, code: "CHAT_AGENT_CREDITS_EXHAUSTED") {
                _ = try await harness.client(agentId: "broke").send("hello")
            }
            try harness.server.createChatbaseAgent(ChatbaseAgentSpec(id: "premium", modelAllowed: false))
            await expectAPIError(status: 403, code: "CHAT_MODEL_NOT_ALLOWED") {
                _ = try await harness.client(agentId: "premium").send("hello")
            }
            try harness.server.createChatbaseAgent(ChatbaseAgentSpec(id: "hidden", sdkChannelEnabled: false))
            await expectAPIError(status: 404, code: "AGENT_NOT_FOUND") {
                _ = try await harness.client(agentId: "hidden").listConversations()
            }
        }
    }

    @Test func conversationCodes() async throws {
        try await withChatbaseEmulator { harness in
            let client = harness.client()
            let reply = try await client.send("hello")

            await expectAPIError(status: 404, code: "RESOURCE_NOT_FOUND") {
                _ = try await client.send("hello", conversationId: "conv_does_not_exist")
            }
            await expectAPIError(status: 403, code: "AUTH_OWNERSHIP_MISMATCH") {
                _ = try await client.listMessages(conversationId: "conv_does_not_exist")
            }
            // Another agent's conversation, from the same device.
            try harness.server.createChatbaseAgent(ChatbaseAgentSpec(id: "other"))
            await expectAPIError(status: 403, code: "CHAT_CONVERSATION_MISMATCH") {
                _ = try await harness.client(agentId: "other").send("hi", conversationId: reply.conversationId)
            }
            // Another device's conversation.
            await expectAPIError(status: 403, code: "AUTH_OWNERSHIP_MISMATCH") {
                _ = try await harness.client(storage: temporaryStorage())
                    .send("hi", conversationId: reply.conversationId)
            }
            await expectAPIError(status: 404, code: "CHAT_RETRY_MESSAGE_NOT_FOUND") {
                _ = try await client.retry(conversationId: reply.conversationId, messageId: "msg_missing")
            }
        }
    }

    @Test(arguments: [0, 101])
    func outOfRangeLimitIsInvalidBody(limit: Int) async throws {
        try await withChatbaseEmulator { harness in
            await expectAPIError(status: 400, code: "VALIDATION_INVALID_BODY") {
                _ = try await harness.client().listConversations(limit: limit)
            }
        }
    }

    @Test func serverFailuresKeepTheirStatus() async throws {
        try await withChatbaseEmulator { harness in
            _ = try harness.server.addFault(
                FaultRule(
                    pathPrefix: "/api/sdk/agents/emulator-agent/conversations", count: 1,
                    action: .status(500, error: "INTERNAL_SERVER_ERROR")))
            await expectAPIError(status: 500, code: "INTERNAL_SERVER_ERROR") {
                _ = try await harness.client().listConversations()
            }
            // A body that is not the envelope: the status survives, the code is UNKNOWN.
            _ = try harness.server.addFault(
                FaultRule(
                    pathPrefix: "/api/sdk/agents/emulator-agent/conversations", count: 1,
                    action: .malformedJSON(status: 503)))
            await expectAPIError(status: 503, code: "UNKNOWN") {
                _ = try await harness.client().listConversations()
            }
        }
    }
}
