import EmulatorCore
import ErrorCore
import Foundation

/// One stored room, as read from `sample_rooms` and rendered on the wire.
struct SampleRoom: Sendable, Equatable {
    var id: String
    var name: String
    var parentID: String?
    var visibility: SampleVisibility
    /// Free-form, stored and returned verbatim: every key as sent, every number as written.
    var metadata: ExactJSONObject
    var createdAt: Int64
    var lockedUntil: Int64?

    /// The columns `init(row:)` reads, in the order `bindings` writes them.
    static let columns = "id, name, parent_id, visibility, metadata, created_at, locked_until"

    /// Reads a row selected with `columns`.
    init(row: SQLiteRow) {
        id = row.string("id") ?? ""
        name = row.string("name") ?? ""
        parentID = row.string("parent_id")
        visibility = row.string("visibility").flatMap(SampleVisibility.init(rawValue:)) ?? .default
        metadata = row.string("metadata").flatMap { SampleJSON.parseExact(Data($0.utf8))?.objectValue } ?? [:]
        createdAt = row.int64("created_at") ?? 0
        lockedUntil = row.int64("locked_until")
    }

    init(
        id: String, name: String, parentID: String?, visibility: SampleVisibility,
        metadata: ExactJSONObject, createdAt: Int64, lockedUntil: Int64?
    ) {
        self.id = id
        self.name = name
        self.parentID = parentID
        self.visibility = visibility
        self.metadata = metadata
        self.createdAt = createdAt
        self.lockedUntil = lockedUntil
    }

    /// The values for `columns`, in order.
    var bindings: [SQLiteValue] {
        [
            .text(id), .text(name), SQLiteValue(parentID), .text(visibility.rawValue),
            .text(ExactJSON.object(metadata).sortedJSONText), .integer(createdAt),
            lockedUntil.map(SQLiteValue.integer) ?? .null,
        ]
    }

    /// The wire form: every key present, nullable ones as JSON null, `metadata` as it was received.
    var json: ExactJSON {
        let fields: AnyCodableValue = .object([
            "id": .string(id),
            "name": .string(name),
            "parent_id": SampleJSON.string(parentID),
            "visibility": .string(visibility.rawValue),
            "created_at": SampleJSON.timestamp(createdAt),
            "locked_until": SampleJSON.timestamp(lockedUntil),
        ])
        var object = ExactJSON(fields).objectValue ?? [:]
        object["metadata"] = .object(metadata)
        return .object(object)
    }
}
