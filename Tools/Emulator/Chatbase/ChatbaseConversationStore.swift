import EmulatorCore
import ErrorCore
import Foundation

/// Reads and writes conversations, messages and tool calls.
struct ChatbaseConversationStore {
    let store: SQLiteDatabase

    // MARK: - Conversations

    /// The conversation with `id`, of any agent and owner, or nil.
    func conversation(id: String) throws -> ChatbaseConversation? {
        try store.query(
            "SELECT \(ChatbaseConversation.columns) FROM chatbase_conversations WHERE id = ?", [.text(id)]
        ).first.map(ChatbaseConversation.init(row:))
    }

    /// Creates an ongoing conversation owned by `caller`, titled after its first message.
    func createConversation(for caller: ChatbaseCaller, firstMessage: String, now: Int64) throws -> String {
        let id = ChatbaseReply.newID("conv")
        try store.execute(
            """
            INSERT INTO chatbase_conversations (id, agent_id, device_id, user_id, title, status, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, 'ongoing', ?, ?)
            """,
            [
                .text(id), .text(caller.agent.id), .text(caller.deviceID), SQLiteValue(caller.userID),
                .text(String(firstMessage.prefix(60))), .integer(now), .integer(now),
            ])
        return id
    }

    /// Moves `updatedAt` (a new turn).
    func touch(_ conversationID: String, now: Int64) throws {
        try store.execute(
            "UPDATE chatbase_conversations SET updated_at = max(updated_at, ?) WHERE id = ?",
            [.integer(now), .text(conversationID)])
    }

    /// Sets the status; false when no conversation has `id`.
    func setStatus(_ status: String, conversationID: String) throws -> Bool {
        try store.transaction {
            guard try conversation(id: conversationID) != nil else { return false }
            try store.execute(
                "UPDATE chatbase_conversations SET status = ? WHERE id = ?", [.text(status), .text(conversationID)])
            return true
        }
    }

    /// Gives the device's anonymous conversations with `agentID` to `userID`.
    func merge(agentID: String, deviceID: String, into userID: String) throws {
        try store.execute(
            "UPDATE chatbase_conversations SET user_id = ? WHERE agent_id = ? AND device_id = ? AND user_id IS NULL",
            [.text(userID), .text(agentID), .text(deviceID)])
    }

    /// The SQL filter (and bindings) selecting `caller`'s conversations.
    func ownerFilter(_ caller: ChatbaseCaller) -> (sql: String, bindings: [SQLiteValue]) {
        if let userID = caller.userID {
            return ("agent_id = ? AND user_id = ?", [.text(caller.agent.id), .text(userID)])
        }
        return ("agent_id = ? AND user_id IS NULL AND device_id = ?", [.text(caller.agent.id), .text(caller.deviceID)])
    }

    // MARK: - Messages

    /// Stores a message and returns its id.
    func insertMessage(
        id: String = ChatbaseReply.newID("msg"), conversationID: String, role: String, parts: [AnyCodableValue],
        now: Int64
    ) throws -> String {
        try store.execute(
            "INSERT INTO chatbase_messages (id, conversation_id, role, parts, created_at) VALUES (?, ?, ?, ?, ?)",
            [
                .text(id), .text(conversationID), .text(role), .text(AnyCodableValue.array(parts).jsonText),
                .integer(now),
            ])
        return id
    }

    /// The message with `id` in `conversationID`, or nil.
    func message(id: String, conversationID: String) throws -> ChatbaseMessage? {
        try store.query(
            "SELECT \(ChatbaseMessage.columns) FROM chatbase_messages WHERE id = ? AND conversation_id = ?",
            [.text(id), .text(conversationID)]
        ).first.map(ChatbaseMessage.init(row:))
    }

    /// The newest message of `role` in the conversation before `seq` (or overall when nil).
    func lastMessage(role: String, conversationID: String, before seq: Int64? = nil) throws -> ChatbaseMessage? {
        try store.query(
            """
            SELECT \(ChatbaseMessage.columns) FROM chatbase_messages
            WHERE conversation_id = ? AND role = ? AND seq < ? ORDER BY seq DESC LIMIT 1
            """,
            [.text(conversationID), .text(role), .integer(seq ?? Int64.max)]
        ).first.map(ChatbaseMessage.init(row:))
    }

    /// The newest message of the conversation, or nil.
    func lastMessage(conversationID: String) throws -> ChatbaseMessage? {
        try store.query(
            """
            SELECT \(ChatbaseMessage.columns) FROM chatbase_messages WHERE conversation_id = ?
            ORDER BY seq DESC LIMIT 1
            """,
            [.text(conversationID)]
        ).first.map(ChatbaseMessage.init(row:))
    }

    /// Deletes the message at `seq` and everything after it in the conversation, with their tool calls.
    func deleteMessages(from seq: Int64, conversationID: String) throws {
        try store.execute(
            """
            DELETE FROM chatbase_tool_calls WHERE message_id IN
                (SELECT id FROM chatbase_messages WHERE conversation_id = ? AND seq >= ?)
            """,
            [.text(conversationID), .integer(seq)])
        try store.execute(
            "DELETE FROM chatbase_messages WHERE conversation_id = ? AND seq >= ?",
            [.text(conversationID), .integer(seq)])
    }

    /// Appends a part to a message's parts (read and rewritten here, so the stored JSON keeps one rendering).
    func appendPart(_ part: AnyCodableValue, messageID: String) throws {
        try store.transaction {
            let row = try store.query("SELECT parts FROM chatbase_messages WHERE id = ?", [.text(messageID)]).first
            guard let row else { return }
            let parts = row.data("parts").flatMap { SampleJSON.parse($0)?.arrayValue } ?? []
            try store.execute(
                "UPDATE chatbase_messages SET parts = ? WHERE id = ?",
                [.text(AnyCodableValue.array(parts + [part]).jsonText), .text(messageID)])
        }
    }
}
