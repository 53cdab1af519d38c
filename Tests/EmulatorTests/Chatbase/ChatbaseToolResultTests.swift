import Emulator
import EmulatorTestSupport
import ErrorCore
import Foundation
import Testing

@testable import EmulatorChatbase
@testable import EmulatorCore

/// `tool-result`: every state a tool call can be in, the 20 KB limit, body errors.
@Suite struct ChatbaseToolResultTests {
    /// A conversation with one pending `get_weather` call: `(conversation id, call id)`.
    private func pendingCall(_ client: ChatbaseTestClient, city: String = "Lima") async throws -> (String, String) {
        let stream = try await client.chat("weather in \(city)")
        return (try #require(stream.conversationId), try #require(stream.toolCallIds.first))
    }

    @Test func aResultIsAcceptedOnceThenNotPending() async throws {
        try await withChatbase { _, client async throws in
            let (conversationID, call) = try await pendingCall(client)
            let output: AnyCodableValue = ["temp": 21.5, "tags": ["a", nil], "ok": true]
            #expect(
                try await client.toolResult(conversationId: conversationID, toolCallId: call, output: output).status
                    == 200)
            let again = try await client.toolResult(conversationId: conversationID, toolCallId: call, output: output)
            expectChatbaseError(again, 404, "RESOURCE_TOOL_RESULT_NOT_PENDING")
            let stored = try await client.get("/conversations/\(conversationID)/messages")
            #expect(stored.json?["data"]?[0]?["parts"]?[1]?["output"] == output)
        }
    }

    /// One set of results continues the conversation once: of two continuations sent at the same
    /// moment, one is answered and charged, the other finds nothing left to continue. (Read outside the
    /// turn's transaction, both saw the same results and both were charged.)
    @Test func oneSetOfResultsIsContinuedOnce() async throws {
        try await withChatbase { _, client async throws in
            for round in 0..<8 {
                let (conversationID, call) = try await pendingCall(client, city: "Lima \(round)")
                #expect(
                    try await client.toolResult(conversationId: conversationID, toolCallId: call, output: ["t": 20])
                        .status == 200)
                async let one = client.chat(nil, conversationId: conversationID)
                async let two = client.chat(nil, conversationId: conversationID)
                let statuses = try await [one, two].map(\.response.status).sorted()
                #expect(statuses == [200, 400], "round \(round)")
                let stored = try await client.get("/conversations/\(conversationID)/messages")
                let roles = stored.json?["data"]?.arrayValue?.compactMap { $0["role"]?.stringValue }
                #expect(
                    roles?.filter { $0 == "assistant" }.count == 2,
                    "round \(round): one reply, one (charged) continuation")
            }
        }
    }

    @Test func anyJSONIsAnOutputNullIncluded() async throws {
        try await withChatbase { _, client async throws in
            for output: AnyCodableValue in [.null, "text", 0, [], ["nested": [["deep": [1, 2]]]]] {
                let (conversationID, call) = try await pendingCall(client)
                let response = try await client.toolResult(
                    conversationId: conversationID, toolCallId: call, output: output)
                #expect(response.status == 200, "\(output)")
            }
        }
    }

    @Test func unknownAndForeignCallsAreDistinguished() async throws {
        try await withChatbase { _, client async throws in
            let (first, call) = try await pendingCall(client)
            let (second, _) = try await pendingCall(client, city: "Quito")
            expectChatbaseError(
                try await client.toolResult(conversationId: first, toolCallId: "call_nope", output: 1), 404,
                "RESOURCE_TOOL_CALL_NOT_FOUND")
            expectChatbaseError(
                try await client.toolResult(conversationId: second, toolCallId: call, output: 1), 404,
                "RESOURCE_TOOL_CALL_MISMATCH")
            expectChatbaseError(
                try await client.toolResult(conversationId: "conv_nope", toolCallId: call, output: 1), 404,
                "RESOURCE_NOT_FOUND")
        }
    }

    @Test func theOutputLimitIs20480EncodedBytes() async throws {
        try await withChatbase { _, client async throws in
            let (conversationID, call) = try await pendingCall(client)
            // A JSON string's encoding adds two quotes.
            let tooBig: AnyCodableValue = .string(String(repeating: "a", count: 20_479))
            let refused = try await client.toolResult(conversationId: conversationID, toolCallId: call, output: tooBig)
            let details = expectChatbaseError(refused, 400, "VALIDATION_INVALID_BODY")
            #expect(details == ["output": "larger than 20480 bytes"])
            let fits: AnyCodableValue = .string(String(repeating: "a", count: 20_478))
            #expect(
                try await client.toolResult(conversationId: conversationID, toolCallId: call, output: fits).status
                    == 200)
        }
    }

    @Test func multiByteOutputsAreMeasuredInBytes() async throws {
        try await withChatbase { _, client async throws in
            let (conversationID, call) = try await pendingCall(client)
            let output: AnyCodableValue = ["text": .string(String(repeating: "é", count: 10_236))]  // 20,483 bytes
            let refused = try await client.toolResult(conversationId: conversationID, toolCallId: call, output: output)
            expectChatbaseError(refused, 400, "VALIDATION_INVALID_BODY")
        }
    }

    @Test(arguments: [
        (#"{"output":1}"#, "toolCallId"), (#"{"toolCallId":"x"}"#, "output"),
        (#"{"toolCallId":5,"output":1}"#, "toolCallId"),
        (#"{"toolCallId":" ","output":1}"#, "toolCallId"),
    ])
    func wrongBodiesNameTheField(body: String, field: String) async throws {
        try await withChatbase { _, client async throws in
            let (conversationID, _) = try await pendingCall(client)
            let response = try await client.post("/conversations/\(conversationID)/tool-result", raw: Data(body.utf8))
            let details = expectChatbaseError(response, 400, "VALIDATION_INVALID_BODY")
            #expect(details?[field] != nil)
        }
    }

    @Test func onlyTheOwnerMayAnswer() async throws {
        try await withChatbase { server, client async throws in
            let (conversationID, call) = try await pendingCall(client)
            let stranger = client.with(device: "other-device")
            expectChatbaseError(
                try await stranger.toolResult(conversationId: conversationID, toolCallId: call, output: 1), 403,
                "AUTH_OWNERSHIP_MISMATCH")
            try server.createChatbaseAgent(ChatbaseAgentSpec(id: "second"))
            expectChatbaseError(
                try await client.with(agent: "second").toolResult(
                    conversationId: conversationID, toolCallId: call, output: 1),
                403, "CHAT_CONVERSATION_MISMATCH")
        }
    }
}
