import EmulatorCore
import ErrorCore
import Foundation
import HTTPServer

/// POST `/agents/{id}/conversations/{cid}/tool-result` `{"toolCallId", "output"}`.
struct ChatbaseToolResultController {
    /// The largest encoded `output` accepted, in bytes (20 KB).
    static let maxOutputBytes = 20_480

    let context: ChatbaseContext

    /// Records the client's result for a pending tool call: `{"data":{"success":true}}`.
    ///
    /// Body errors come first (an `output` over 20,480 bytes once encoded is 400 `VALIDATION_INVALID_BODY`),
    /// then the conversation (missing: 404 `RESOURCE_NOT_FOUND`; another agent's or owner's: 403), then the
    /// call: unknown or expired 404 `RESOURCE_TOOL_CALL_NOT_FOUND`, another conversation's 404
    /// `RESOURCE_TOOL_CALL_MISMATCH`, already answered (or a server-side call) 404
    /// `RESOURCE_TOOL_RESULT_NOT_PENDING`.
    func post(_ conversationID: String) throws -> HTTPServerResponse {
        var body = try context.body()
        let toolCallID = body.string("toolCallId", required: true, nonBlank: true)
        let output = body.value("output", required: true)
        if let output, output.jsonText.utf8.count > Self.maxOutputBytes {
            body.report("output", "larger than \(Self.maxOutputBytes) bytes")
        }
        try body.finish()
        guard let toolCallID, let output else { throw ChatbaseAPIError.invalidBody("toolCallId", "required") }

        let conversation = try context.ownedConversation(conversationID, missing: ChatbaseAPIError.resourceNotFound)
        let conversations = context.conversations
        try context.store.transaction {
            guard let stored = try conversations.toolCall(id: toolCallID) else {
                throw ChatbaseAPIError.toolCallNotFound
            }
            guard stored.conversationID == conversation.id else { throw ChatbaseAPIError.toolCallMismatch }
            switch stored.status {
            case "pending": try conversations.answer(stored, output: output)
            case "expired": throw ChatbaseAPIError.toolCallNotFound
            default: throw ChatbaseAPIError.toolResultNotPending
            }
        }
        return context.json(["data": ["success": true]])
    }
}
