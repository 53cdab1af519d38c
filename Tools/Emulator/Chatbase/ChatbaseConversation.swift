import EmulatorCore
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
