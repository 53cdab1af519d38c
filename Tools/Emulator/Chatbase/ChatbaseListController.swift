import EmulatorCore
import ErrorCore
import Foundation
import HTTPServer
import SDKCrypto

/// GET `/agents/{id}/conversations` and `/agents/{id}/conversations/{cid}/messages`, newest first, paged by
/// an opaque cursor: `{"data":[…],"pagination":{"cursor","hasMore","total"}}`.
///
/// `limit` is 1–100 (default 20); anything else is 400 `VALIDATION_INVALID_BODY` (`details.limit` is the
/// number 100 when it is too large, a reason otherwise). A cursor is base64url of the last row's position;
/// one this emulator did not make is 400 (`details.cursor`). `total` counts every row, not what is left.
struct ChatbaseListController {
    static let defaultLimit = 20
    static let maxLimit = 100

    let context: ChatbaseContext

    /// The caller's conversations with the agent, by `updatedAt` then creation, newest first.
    func conversations() throws -> HTTPServerResponse {
        let (limit, cursor) = try pageParameters(cursorTag: "c")
        var position: (updatedAt: Int64, seq: Int64)?
        if let cursor {
            guard cursor.count == 2 else { throw ChatbaseAPIError.invalidBody("cursor", "unknown cursor") }
            position = (cursor[0], cursor[1])
        }
        let owner = context.conversations.ownerFilter(context.caller)
        let store = context.store
        let total =
            try store.query("SELECT COUNT(*) AS n FROM chatbase_conversations WHERE \(owner.sql)", owner.bindings)
            .first?.int("n") ?? 0
        var sql = "SELECT \(ChatbaseConversation.columns) FROM chatbase_conversations WHERE \(owner.sql)"
        var bindings = owner.bindings
        if let position {
            sql += " AND (updated_at < ? OR (updated_at = ? AND seq < ?))"
            bindings += [.integer(position.updatedAt), .integer(position.updatedAt), .integer(position.seq)]
        }
        sql += " ORDER BY updated_at DESC, seq DESC LIMIT ?"
        let rows = try store.query(sql, bindings + [.integer(Int64(limit + 1))]).map(ChatbaseConversation.init(row:))
        let page = Array(rows.prefix(limit))
        let next = rows.count > limit ? page.last.map { Self.cursor("c", [$0.updatedAt, $0.seq]) } : nil
        return context.json(Self.body(page.map(\.json), next: next, total: total))
    }

    /// The messages of one of the caller's conversations, newest first. A conversation that does not exist
    /// is 403 `AUTH_OWNERSHIP_MISMATCH`, like one of another owner.
    func messages(_ conversationID: String) throws -> HTTPServerResponse {
        let (limit, cursor) = try pageParameters(cursorTag: "m")
        if let cursor, cursor.count != 1 { throw ChatbaseAPIError.invalidBody("cursor", "unknown cursor") }
        let conversation = try context.ownedConversation(
            conversationID, missing: ChatbaseAPIError.ownershipMismatch)
        let store = context.store
        let total =
            try store.query(
                "SELECT COUNT(*) AS n FROM chatbase_messages WHERE conversation_id = ?", [.text(conversation.id)]
            ).first?.int("n") ?? 0
        let rows = try store.query(
            """
            SELECT \(ChatbaseMessage.columns) FROM chatbase_messages WHERE conversation_id = ? AND seq < ?
            ORDER BY seq DESC LIMIT ?
            """,
            [.text(conversation.id), .integer(cursor?.first ?? Int64.max), .integer(Int64(limit + 1))]
        ).map(ChatbaseMessage.init(row:))
        let page = Array(rows.prefix(limit))
        let next = rows.count > limit ? page.last.map { Self.cursor("m", [$0.seq]) } : nil
        return context.json(Self.body(page.map(\.json), next: next, total: total))
    }

    // MARK: - Parameters

    /// `limit` and the decoded cursor numbers (nil without a cursor).
    private func pageParameters(cursorTag: String) throws -> (limit: Int, cursor: [Int64]?) {
        guard let query = try? PalbaseRequestParser.query(context.request.query) else {
            throw ChatbaseAPIError.invalidBody("query", "invalid percent-encoding")
        }
        func last(_ name: String) -> String? { query.last { $0.name == name }?.value }
        var limit = Self.defaultLimit
        if let text = last("limit") {
            guard let value = Int(text) else { throw ChatbaseAPIError.invalidBody("limit", "must be an integer") }
            guard value >= 1 else { throw ChatbaseAPIError.invalidBody("limit", "must be at least 1") }
            guard value <= Self.maxLimit else { throw ChatbaseAPIError.invalidBody(["limit": .int(Self.maxLimit)]) }
            limit = value
        }
        guard let text = last("cursor"), !text.isEmpty else { return (limit, nil) }
        guard let numbers = Self.decodeCursor(text, tag: cursorTag) else {
            throw ChatbaseAPIError.invalidBody("cursor", "unknown cursor")
        }
        return (limit, numbers)
    }

    private static func body(_ items: [AnyCodableValue], next: String?, total: Int) -> AnyCodableValue {
        [
            "data": .array(items),
            "pagination": [
                "cursor": next.map(AnyCodableValue.string) ?? .null, "hasMore": .bool(next != nil),
                "total": .int(total),
            ],
        ]
    }

    /// `tag:n1:n2…` in base64url.
    static func cursor(_ tag: String, _ numbers: [Int64]) -> String {
        Base64URL.encode(Data(([tag] + numbers.map(String.init)).joined(separator: ":").utf8))
    }

    /// The numbers of a cursor made by `cursor(_:_:)` with `tag`, or nil.
    static func decodeCursor(_ text: String, tag: String) -> [Int64]? {
        guard text.utf8.count <= 128, let data = Base64URL.decode(text),
            let decoded = String(data: data, encoding: .utf8)
        else { return nil }
        let fields = decoded.split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count >= 2, fields[0] == tag else { return nil }
        let numbers = fields.dropFirst().compactMap { Int64($0) }
        return numbers.count == fields.count - 1 ? numbers : nil
    }
}
