import EmulatorCore
import ErrorCore
import Foundation

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
