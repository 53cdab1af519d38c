import EmulatorCore
import ErrorCore
import Foundation

/// One stored todo, as read from `sample_todos` and rendered on the wire.
struct SampleTodo: Sendable, Equatable {
    var id: String
    var title: String
    var completed: Bool
    var tags: [String]
    var visibility: SampleVisibility
    /// Free-form, stored and returned verbatim: every key as sent, every number as written.
    var metadata: ExactJSONObject
    var note: String?
    var dueDate: Int64?
    var createdAt: Int64
    var updatedAt: Int64
    var lockedUntil: Int64?
    var archivedAt: Int64?

    /// The columns `init(row:)` reads, in the order `bindings` writes them.
    static let columns =
        "id, title, completed, tags, visibility, metadata, note, due_date, created_at, updated_at, locked_until, archived_at"

    /// Reads a row selected with `columns`. Values this backend never writes (a bad visibility, corrupt JSON)
    /// read as the defaults rather than failing the request.
    init(row: SQLiteRow) {
        id = row.string("id") ?? ""
        title = row.string("title") ?? ""
        completed = row.bool("completed") ?? false
        let tagValues = row.string("tags").flatMap { SampleJSON.parse(Data($0.utf8)) }
        if case .array(let values) = tagValues {
            tags = values.compactMap { if case .string(let tag) = $0 { tag } else { nil } }
        } else {
            tags = []
        }
        visibility = row.string("visibility").flatMap(SampleVisibility.init(rawValue:)) ?? .default
        metadata = row.string("metadata").flatMap { SampleJSON.parseExact(Data($0.utf8))?.objectValue } ?? [:]
        note = row.string("note")
        dueDate = row.int64("due_date")
        createdAt = row.int64("created_at") ?? 0
        updatedAt = row.int64("updated_at") ?? 0
        lockedUntil = row.int64("locked_until")
        archivedAt = row.int64("archived_at")
    }

    init(
        id: String, title: String, completed: Bool, tags: [String], visibility: SampleVisibility,
        metadata: ExactJSONObject, note: String?, dueDate: Int64?, now: Int64
    ) {
        self.id = id
        self.title = title
        self.completed = completed
        self.tags = tags
        self.visibility = visibility
        self.metadata = metadata
        self.note = note
        self.dueDate = dueDate
        createdAt = now
        updatedAt = now
        lockedUntil = nil
        archivedAt = nil
    }

    /// The values for `columns`, in order.
    var bindings: [SQLiteValue] {
        [
            .text(id), .text(title), SQLiteValue(completed),
            .text(Self.render(.array(tags.map(AnyCodableValue.string)))),
            .text(visibility.rawValue), .text(ExactJSON.object(metadata).sortedJSONText), SQLiteValue(note),
            dueDate.map(SQLiteValue.integer) ?? .null, .integer(createdAt), .integer(updatedAt),
            lockedUntil.map(SQLiteValue.integer) ?? .null, archivedAt.map(SQLiteValue.integer) ?? .null,
        ]
    }

    /// True while `locked_until` is after `now`.
    func isLocked(at now: Int64) -> Bool {
        lockedUntil.map { $0 > now } ?? false
    }

    /// The wire form: every key present, nullable ones as JSON null, `metadata` as it was received.
    var json: ExactJSON {
        let fields: AnyCodableValue = .object([
            "id": .string(id),
            "title": .string(title),
            "completed": .bool(completed),
            "tags": .array(tags.map(AnyCodableValue.string)),
            "visibility": .string(visibility.rawValue),
            "note": SampleJSON.string(note),
            "due_date": SampleJSON.timestamp(dueDate),
            "created_at": SampleJSON.timestamp(createdAt),
            "updated_at": SampleJSON.timestamp(updatedAt),
            "locked_until": SampleJSON.timestamp(lockedUntil),
            "archived_at": SampleJSON.timestamp(archivedAt),
        ])
        var object = ExactJSON(fields).objectValue ?? [:]
        object["metadata"] = .object(metadata)
        return .object(object)
    }

    private static func render(_ value: AnyCodableValue) -> String {
        String(decoding: SampleJSON.render(value), as: UTF8.self)
    }
}
