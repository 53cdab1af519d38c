import Foundation

/// The emulator's outbox-as-inbox: services deliver messages here, the admin API and tests read them.
///
/// A route handler builds one from the store it is given: `try EmulatorInbox(store: store).deliver(message)`.
package struct EmulatorInbox: Sendable {
    private let store: SQLiteDatabase

    /// An inbox over `store` (which must carry the platform schema).
    package init(store: SQLiteDatabase) {
        self.store = store
    }

    /// Stores `message` and returns it with its id and timestamp.
    @discardableResult
    package func deliver(_ message: InboxMessage) throws -> InboxMessage {
        var delivered = message
        delivered.createdAt = EmulatorJSON.timestamp()
        let metadata = String(decoding: try EmulatorJSON.encode(message.metadata), as: UTF8.self)
        delivered.id = try store.transaction {
            try store.execute(
                "INSERT INTO inbox (channel, recipient, subject, body, metadata, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                [
                    .text(message.channel.rawValue), .text(message.to), SQLiteValue(message.subject),
                    .text(message.body),
                    .text(metadata), .text(delivered.createdAt ?? ""),
                ])
            return Int(store.lastInsertRowID)
        }
        return delivered
    }

    /// Messages in delivery order, optionally only those to `recipient` and/or on `channel`.
    package func messages(to recipient: String? = nil, channel: InboxMessage.Channel? = nil) throws -> [InboxMessage] {
        let rows = try store.query(
            """
            SELECT * FROM inbox WHERE (?1 IS NULL OR recipient = ?1) AND (?2 IS NULL OR channel = ?2) ORDER BY id
            """, [SQLiteValue(recipient), SQLiteValue(channel?.rawValue)])
        return rows.map { row in
            var message = InboxMessage(
                channel: InboxMessage.Channel(rawValue: row.string("channel") ?? "") ?? .email,
                to: row.string("recipient") ?? "", subject: row.string("subject"), body: row.string("body") ?? "",
                metadata: (try? EmulatorJSON.decode([String: String].self, from: row.data("metadata") ?? Data())) ?? [:]
            )
            message.id = row.int("id")
            message.createdAt = row.string("created_at")
            return message
        }
    }

    /// Deletes the messages to `recipient`, or every message when nil; returns how many were deleted.
    @discardableResult
    package func clear(to recipient: String? = nil) throws -> Int {
        try store.transaction {
            try store.execute("DELETE FROM inbox WHERE ?1 IS NULL OR recipient = ?1", [SQLiteValue(recipient)])
            return store.changes
        }
    }
}
