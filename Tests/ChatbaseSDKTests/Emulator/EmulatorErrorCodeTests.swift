import EmulatorChatbase
import EmulatorTestSupport
import ErrorCore
import Foundation
import Testing

@testable import ChatbaseSDK

/// The seed's error-code table, row by row, for every code the emulator can produce through the SDK: the
/// code and status reach the caller as `APIError.httpError`, unchanged. (`VALIDATION_INVALID_JSON`,
/// `VALIDATION_MISSING_USER_IDENTIFIER` and `AUTH_INVALID_USER_AGENT` need a malformed request the SDK
/// never sends; the emulator's own tests cover them.)
@Suite(.hangGuard) struct EmulatorErrorCodeTests {
    @Test func planAndCreditCodes() async throws {
        try await withChatbaseEmulator { harness in
            try harness.server.createChatbaseAgent(ChatbaseAgentSpec(id: "broke", agentCredits: 0))
            expectAPIError(
                await thrownError { try await harness.client(agentId: "broke").send("hello") }, status: 402,
                code: "CHAT_AGENT_CREDITS_EXHAUSTED")
            try harness.server.createChatbaseAgent(ChatbaseAgentSpec(id: "premium", modelAllowed: false))
            expectAPIError(
                await thrownError { try await harness.client(agentId: "premium").send("hello") }, status: 403,
                code: "CHAT_MODEL_NOT_ALLOWED")
            try harness.server.createChatbaseAgent(ChatbaseAgentSpec(id: "hidden", sdkChannelEnabled: false))
            expectAPIError(
                await thrownError { try await harness.client(agentId: "hidden").listConversations() }, status: 404,
                code: "AGENT_NOT_FOUND")
        }
    }

    @Test func conversationCodes() async throws {
        try await withChatbaseEmulator { harness in
            let client = harness.client()
            let reply = try await client.send("hello")

            expectAPIError(
                await thrownError { try await client.send("hello", conversationId: "conv_does_not_exist") },
                status: 404, code: "RESOURCE_NOT_FOUND")
            expectAPIError(
                await thrownError { try await client.listMessages(conversationId: "conv_does_not_exist") }, status: 403,
                code: "AUTH_OWNERSHIP_MISMATCH")
            // Another agent's conversation, from the same device.
            try harness.server.createChatbaseAgent(ChatbaseAgentSpec(id: "other"))
            expectAPIError(
                await thrownError {
                    try await harness.client(agentId: "other").send("hi", conversationId: reply.conversationId)
                }, status: 403, code: "CHAT_CONVERSATION_MISMATCH")
            // Another device's conversation.
            expectAPIError(
                await thrownError {
                    try await harness.client(storage: temporaryStorage())
                        .send("hi", conversationId: reply.conversationId)
                }, status: 403, code: "AUTH_OWNERSHIP_MISMATCH")
            expectAPIError(
                await thrownError {
                    try await client.retry(conversationId: reply.conversationId, messageId: "msg_missing")
                }, status: 404, code: "CHAT_RETRY_MESSAGE_NOT_FOUND")
        }
    }

    @Test(arguments: [0, 101])
    func outOfRangeLimitIsInvalidBody(limit: Int) async throws {
        try await withChatbaseEmulator { harness in
            expectAPIError(
                await thrownError { try await harness.client().listConversations(limit: limit) }, status: 400,
                code: "VALIDATION_INVALID_BODY")
        }
    }

    @Test func serverFailuresKeepTheirStatus() async throws {
        try await withChatbaseEmulator { harness in
            _ = try harness.server.addFault(
                FaultRule(
                    pathPrefix: "/api/sdk/agents/emulator-agent/conversations", count: 1,
                    action: .status(500, error: "INTERNAL_SERVER_ERROR")))
            expectAPIError(
                await thrownError { try await harness.client().listConversations() }, status: 500,
                code: "INTERNAL_SERVER_ERROR")
            // A body that is not the envelope: the status survives, the code is UNKNOWN.
            _ = try harness.server.addFault(
                FaultRule(
                    pathPrefix: "/api/sdk/agents/emulator-agent/conversations", count: 1,
                    action: .malformedJSON(status: 503)))
            expectAPIError(
                await thrownError { try await harness.client().listConversations() }, status: 503, code: "UNKNOWN")
        }
    }
}
