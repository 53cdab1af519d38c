import EmulatorCore
import ErrorCore
import Foundation

/// A stored tool call and where it stands.
struct ChatbaseStoredToolCall: Sendable {
    /// `pending` (awaiting the client), `answered`, `expired` (a new message came first) or `server` (ran on
    /// the server, never answered by the client).
    let status: String
    let conversationID: String
    let messageID: String
    let call: ChatbaseToolCall
    let output: AnyCodableValue?

    init(row: SQLiteRow) {
        status = row.string("status") ?? "pending"
        conversationID = row.string("conversation_id") ?? ""
        messageID = row.string("message_id") ?? ""
        call = ChatbaseToolCall(
            id: row.string("id") ?? "", name: row.string("tool_name") ?? "",
            input: row.data("input").flatMap(SampleJSON.parse) ?? .object([:]))
        output = row.data("output").flatMap(SampleJSON.parse)
    }
}

extension ChatbaseConversationStore {
    private static let toolColumns = "id, conversation_id, message_id, tool_name, input, status, output"

    /// Records the tool calls of a stored assistant message: client calls pending, server calls done.
    func insertToolCalls(of reply: ChatbaseReply, messageID: String, conversationID: String) throws {
        for (position, block) in reply.blocks.enumerated() {
            let call: ChatbaseToolCall
            let status: String
            let output: AnyCodableValue?
            switch block {
            case .text: continue
            case .clientTool(let client): (call, status, output) = (client, "pending", nil)
            case .serverTool(let server, let result): (call, status, output) = (server, "server", result)
            }
            try store.execute(
                """
                INSERT INTO chatbase_tool_calls (id, conversation_id, message_id, position, tool_name, input, status, output)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    .text(call.id), .text(conversationID), .text(messageID), .integer(Int64(position)),
                    .text(call.name), .text(call.input.jsonText), .text(status), SQLiteValue(output?.jsonText),
                ])
        }
    }

    /// The tool call with `id`, or nil.
    func toolCall(id: String) throws -> ChatbaseStoredToolCall? {
        try store.query("SELECT \(Self.toolColumns) FROM chatbase_tool_calls WHERE id = ?", [.text(id)]).first
            .map(ChatbaseStoredToolCall.init(row:))
    }

    /// The tool calls a message carried, in order.
    func toolCalls(messageID: String) throws -> [ChatbaseStoredToolCall] {
        try store.query(
            "SELECT \(Self.toolColumns) FROM chatbase_tool_calls WHERE message_id = ? ORDER BY position",
            [.text(messageID)]
        ).map(ChatbaseStoredToolCall.init(row:))
    }

    /// The first tool call of the conversation still awaiting its result, or nil.
    func pendingToolCall(conversationID: String) throws -> ChatbaseStoredToolCall? {
        try store.query(
            """
            SELECT \(Self.toolColumns) FROM chatbase_tool_calls WHERE conversation_id = ? AND status = 'pending'
            ORDER BY rowid LIMIT 1
            """,
            [.text(conversationID)]
        ).first.map(ChatbaseStoredToolCall.init(row:))
    }

    /// Stops waiting for the conversation's pending tool calls (the user moved on with a new message).
    func expirePendingToolCalls(conversationID: String) throws {
        try store.execute(
            "UPDATE chatbase_tool_calls SET status = 'expired' WHERE conversation_id = ? AND status = 'pending'",
            [.text(conversationID)])
    }

    /// Records the client's result and adds it as a `tool-result` part to the message that carried the call.
    func answer(_ toolCall: ChatbaseStoredToolCall, output: AnyCodableValue) throws {
        try store.transaction {
            try store.execute(
                "UPDATE chatbase_tool_calls SET status = 'answered', output = ? WHERE id = ?",
                [.text(output.jsonText), .text(toolCall.call.id)])
            try appendPart(ChatbaseReply.toolResultPart(toolCall.call, output: output), messageID: toolCall.messageID)
        }
    }
}
