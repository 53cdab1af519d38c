import EmulatorCore
import ErrorCore
import Foundation

/// `RoomsController` of the sample backend: namespace `rooms`, with the declared errors `not_found` and
/// `room_locked` on `rooms.create` and the QUERY verb on `rooms.search`.
///
/// Rooms nest: `rooms.create` may name a `parent_id` (unknown → `not_found`) and may create a room locked for
/// `lock_seconds`; while a room is locked no child can be created under it (`room_locked`, `retry_after` in
/// fractional seconds). That gives both declared errors a realistic, deterministic trigger.
struct SampleRoomsController {
    let context: SampleContext

    private var store: SQLiteDatabase { context.store }

    /// POST /rooms → 201.
    func create() throws -> PalbaseResponse {
        var body = try context.body()
        let name = body.string("name", required: true)
        let parentID = body.string("parent_id")
        let visibility = body.enumeration("visibility", as: SampleVisibility.self)
        let metadata = body.object("metadata")
        let lockSeconds = body.number("lock_seconds", in: 0...86_400)
        try body.finish()

        var rules = SampleRules()
        let trimmedName = rules.trimmedText(name, field: "name", limits: context.limits("name"))
        rules.metadata(metadata)
        try rules.finish()

        let lockedUntil = lockSeconds.flatMap { $0 > 0 ? context.now + Int64(($0 * 1000).rounded()) : nil }
        let room = SampleRoom(
            id: context.newID("room"), name: trimmedName ?? "", parentID: parentID, visibility: visibility ?? .default,
            metadata: metadata ?? [:], createdAt: context.now, lockedUntil: lockedUntil)
        try store.transaction {
            if let parentID {
                let parent = try fetch(parentID)
                if let parentLock = parent.lockedUntil, parentLock > context.now {
                    let remaining = Double(parentLock - context.now) / 1000
                    throw context.error(
                        .roomLocked, "Parent room is locked", data: .object(["retry_after": .double(remaining)]),
                        headers: [("Retry-After", String(context.secondsUntil(parentLock)))])
                }
            }
            let placeholders = Array(repeating: "?", count: room.bindings.count).joined(separator: ", ")
            try store.execute(
                "INSERT INTO sample_rooms (tenant, \(SampleRoom.columns)) VALUES (?, \(placeholders))",
                [.text(context.tenant)] + room.bindings)
        }
        return .json(room.json, status: 201)
    }

    /// QUERY /rooms/search with the search in the body → `{rooms, total}`, oldest first.
    ///
    /// `text` matches a case-insensitive substring of the name; `parent_id` absent means any room, null
    /// top-level rooms, an id that room's children.
    func search() throws -> PalbaseResponse {
        var body = try context.body()
        let text = body.string("text")
        let visibilities = body.stringArray("visibility")
        let parent = body.nullableString("parent_id")
        let limit = body.integer("limit", in: 1...100) ?? 20
        var wanted: Set<SampleVisibility>?
        if let visibilities {
            var parsed = Set<SampleVisibility>()
            for (index, raw) in visibilities.enumerated() {
                if let visibility = SampleVisibility(rawValue: raw) {
                    parsed.insert(visibility)
                } else {
                    let allowed = SampleVisibility.allCases.map { "'\($0.rawValue)'" }.joined(separator: " | ")
                    body.report("visibility.\(index)", "Invalid enum value. Expected \(allowed)")
                }
            }
            wanted = parsed
        }
        try body.finish()

        var rules = SampleRules()
        rules.length(text, field: "text", limits: context.limits("text"))
        try rules.finish()

        var sql = "SELECT \(SampleRoom.columns) FROM sample_rooms WHERE tenant = ?"
        var bindings: [SQLiteValue] = [.text(context.tenant)]
        switch parent {
        case .keep: break
        case .clear: sql += " AND parent_id IS NULL"
        case .set(let id):
            sql += " AND parent_id = ?"
            bindings.append(.text(id))
        }
        let matches = try store.query(sql + " ORDER BY created_at, rowid", bindings).map(SampleRoom.init(row:))
            .filter { room in
                (wanted?.contains(room.visibility) ?? true)
                    && (text.map { $0.isEmpty || room.name.range(of: $0, options: .caseInsensitive) != nil } ?? true)
            }
        let page: ExactJSONObject = [
            "rooms": .array(matches.prefix(limit).map(\.json)), "total": .number(String(matches.count)),
        ]
        return .json(.object(page))
    }

    /// The caller's room `id`, or the operation's declared 404 `not_found`.
    func fetch(_ id: String) throws -> SampleRoom {
        let rows = try store.query(
            "SELECT \(SampleRoom.columns) FROM sample_rooms WHERE tenant = ? AND id = ?",
            [.text(context.tenant), .text(id)])
        guard let row = rows.first else { throw context.error(.notFound, "Room not found") }
        return SampleRoom(row: row)
    }
}
