import ErrorCore
import Foundation

/// A stored conversation.
struct ChatbaseConversation: Sendable, Equatable {
    /// The statuses a conversation can have; only `ongoing` takes new messages.
    static let statuses: Set<String> = ["ongoing", "ended", "taken_over"]

    let seq: Int64
    let id: String
    let agentID: String
    let deviceID: String
    let userID: String?
    let title: String
    let status: String
    let createdAt: Int64
    let updatedAt: Int64

    static let columns = "seq, id, agent_id, device_id, user_id, title, status, created_at, updated_at"

    init(row: SQLiteRow) {
        seq = row.int64("seq") ?? 0
        id = row.string("id") ?? ""
        agentID = row.string("agent_id") ?? ""
        deviceID = row.string("device_id") ?? ""
        userID = row.string("user_id")
        title = row.string("title") ?? ""
        status = row.string("status") ?? "ongoing"
        createdAt = row.int64("created_at") ?? 0
        updatedAt = row.int64("updated_at") ?? 0
    }

    /// Whether `caller` owns it: the user's when the caller is identified, else the device's anonymous ones.
    func isOwned(by caller: ChatbaseCaller) -> Bool {
        if let userID = caller.userID { return self.userID == userID }
        return self.userID == nil && deviceID == caller.deviceID
    }

    /// The wire object `{id, title, createdAt, updatedAt, userId, status}`.
    var json: AnyCodableValue {
        [
            "id": .string(id), "title": .string(title), "createdAt": ChatbaseTime.json(createdAt),
            "updatedAt": ChatbaseTime.json(updatedAt), "userId": userID.map(AnyCodableValue.string) ?? .null,
            "status": .string(status),
        ]
    }
}

/// A stored message.
struct ChatbaseMessage: Sendable, Equatable {
    let seq: Int64
    let id: String
    let conversationID: String
    let role: String
    let parts: [AnyCodableValue]
    let createdAt: Int64

    static let columns = "seq, id, conversation_id, role, parts, created_at"

    init(row: SQLiteRow) {
        seq = row.int64("seq") ?? 0
        id = row.string("id") ?? ""
        conversationID = row.string("conversation_id") ?? ""
        role = row.string("role") ?? "user"
        parts = row.data("parts").flatMap { SampleJSON.parse($0)?.arrayValue } ?? []
        createdAt = row.int64("created_at") ?? 0
    }

    /// The text of its text parts, joined.
    var text: String {
        parts.compactMap { $0["type"] == "text" ? $0["text"]?.stringValue : nil }.joined()
    }

    /// The wire object `{id, role, parts, createdAt, feedback, metadata?}`; assistant messages carry
    /// `metadata.score`.
    var json: AnyCodableValue {
        var object: [String: AnyCodableValue] = [
            "id": .string(id), "role": .string(role), "parts": .array(parts), "createdAt": ChatbaseTime.json(createdAt),
            "feedback": .null,
        ]
        if role == "assistant" { object["metadata"] = ["score": 0.9] }
        return .object(object)
    }
}

/// Who is calling: the device, and the user when a valid `X-User-Token` came along.
struct ChatbaseCaller: Sendable {
    let agent: ChatbaseAgent
    let deviceID: String
    let userID: String?
}

/// Timestamps: stored as Unix milliseconds, sent as Unix seconds with a millisecond fraction.
enum ChatbaseTime {
    /// `milliseconds` as seconds, e.g. `1764450000.123`.
    static func json(_ milliseconds: Int64) -> AnyCodableValue {
        .double(Double(milliseconds) / 1000)
    }

    /// `date` in Unix milliseconds.
    static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    }
}
