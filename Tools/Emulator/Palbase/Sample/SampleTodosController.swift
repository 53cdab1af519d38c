import EmulatorCore
import ErrorCore
import Foundation

/// `TodosController` of the sample backend: namespace `todos`.
///
/// Decisions the contract left open: `todos.list` answers a bare JSON array (as the seeds' `pb.call("todos",
/// method: .get)` example decodes it) with the match count in `X-Total-Count`; `todos.lock` makes
/// `todo_locked` reachable on demand; `updated_at` moves only when a PATCH carried at least one key;
/// archiving is idempotent and keeps the first `archived_at`.
struct SampleTodosController {
    let context: SampleContext

    private var store: SQLiteDatabase { context.store }

    /// GET /todos: `page`, `per_page`, `completed`, `tags` (all must match; `tags[]` accepted),
    /// `include_archived`. Oldest first.
    func list() throws -> PalbaseResponse {
        var query = SampleQueryReader(context.request.query)
        let page = query.integer("page", in: 1...Int.max, default: 1)
        let perPage = query.integer("per_page", in: 1...100, default: 20)
        let completed = query.bool("completed")
        let includeArchived = query.bool("include_archived") ?? false
        let tags = query.strings("tags", "tags[]")
        try query.finish()

        var conditions = ["tenant = ?"]
        var bindings: [SQLiteValue] = [.text(context.tenant)]
        if let completed {
            conditions.append("completed = ?")
            bindings.append(SQLiteValue(completed))
        }
        if !includeArchived { conditions.append("archived_at IS NULL") }
        for tag in Set(tags).sorted() {
            conditions.append("EXISTS (SELECT 1 FROM json_each(sample_todos.tags) WHERE json_each.value = ?)")
            bindings.append(.text(tag))
        }
        let filter = conditions.joined(separator: " AND ")
        let total =
            try store.query("SELECT COUNT(*) AS n FROM sample_todos WHERE \(filter)", bindings).first?
            .int("n") ?? 0
        let (offset, overflow) = (page - 1).multipliedReportingOverflow(by: perPage)
        var todos: [SampleTodo] = []
        if !overflow && offset < total {
            let rows = try store.query(
                """
                SELECT \(SampleTodo.columns) FROM sample_todos WHERE \(filter)
                ORDER BY created_at, rowid LIMIT ? OFFSET ?
                """,
                bindings + [.integer(Int64(perPage)), .integer(Int64(offset))])
            todos = rows.map(SampleTodo.init(row:))
        }
        return .json(.array(todos.map(\.json)), headers: [("X-Total-Count", String(total))])
    }

    /// POST /todos → 201. Boundary errors `bad_request`, rule errors `validation_error`, then the quota.
    func create() throws -> PalbaseResponse {
        var body = try context.body()
        let title = body.string("title", required: true)
        let completed = body.bool("completed") ?? false
        let tags = body.stringArray("tags")
        let visibility = body.enumeration("visibility", as: SampleVisibility.self)
        let metadata = body.object("metadata")
        let note = body.nullableString("note")
        let dueDate = body.nullableTimestamp("due_date")
        try body.finish()

        var rules = SampleRules()
        let trimmedTitle = rules.trimmedText(title, field: "title", limits: context.limits("title"))
        let cleanTags = rules.tags(tags, limits: context.limits("tags"))
        rules.length(note.applied(to: nil), field: "note", limits: context.limits("note"))
        rules.metadata(metadata)
        try rules.finish()

        let todo = SampleTodo(
            id: context.newID("todo"), title: trimmedTitle ?? "", completed: completed, tags: cleanTags ?? [],
            visibility: visibility ?? .default, metadata: metadata ?? [:], note: note.applied(to: nil),
            dueDate: dueDate.applied(to: nil), now: context.now)
        let quota = context.configuration.todoQuota
        try store.transaction {
            let count =
                try store.query("SELECT COUNT(*) AS n FROM sample_todos WHERE tenant = ?", [.text(context.tenant)])
                .first?.int("n") ?? 0
            guard count < quota else {
                throw context.error(
                    .todoQuotaExceeded, "Todo quota of \(quota) reached", data: .object(["limit": .int(quota)]))
            }
            try save(todo, inserting: true)
        }
        return .json(todo.json, status: 201)
    }

    /// GET /todos/{id}.
    func get(id: String) throws -> PalbaseResponse {
        .json(try fetch(id).json)
    }

    /// PATCH /todos/{id}: keys present in the body change; `note` and `due_date` are three-way.
    func update(id: String) throws -> PalbaseResponse {
        var body = try context.body()
        let title = body.string("title")
        let completed = body.bool("completed")
        let tags = body.stringArray("tags")
        let visibility = body.enumeration("visibility", as: SampleVisibility.self)
        let metadata = body.object("metadata")
        let note = body.nullableString("note")
        let dueDate = body.nullableTimestamp("due_date")
        try body.finish()

        var rules = SampleRules()
        let trimmedTitle = rules.trimmedText(title, field: "title", limits: context.limits("title"))
        let cleanTags = rules.tags(tags, limits: context.limits("tags"))
        if case .set(let text) = note { rules.length(text, field: "note", limits: context.limits("note")) }
        rules.metadata(metadata)
        try rules.finish()

        let updated = try store.transaction {
            var todo = try fetch(id)
            try ensureUnlocked(todo)
            let changed =
                trimmedTitle != nil || completed != nil || cleanTags != nil || visibility != nil || metadata != nil
                || note.isPresent || dueDate.isPresent
            guard changed else { return todo }
            todo.title = trimmedTitle ?? todo.title
            todo.completed = completed ?? todo.completed
            todo.tags = cleanTags ?? todo.tags
            todo.visibility = visibility ?? todo.visibility
            todo.metadata = metadata ?? todo.metadata
            todo.note = note.applied(to: todo.note)
            todo.dueDate = dueDate.applied(to: todo.dueDate)
            todo.updatedAt = context.now
            try save(todo, inserting: false)
            return todo
        }
        return .json(updated.json)
    }

    /// DELETE /todos/{id} → 204; the todo's attachments go with it.
    func delete(id: String) throws -> PalbaseResponse {
        try store.transaction {
            try ensureUnlocked(try fetch(id))
            try store.execute(
                "DELETE FROM sample_todos WHERE tenant = ? AND id = ?", [.text(context.tenant), .text(id)])
            try store.execute(
                "DELETE FROM sample_attachments WHERE tenant = ? AND todo_id = ?", [.text(context.tenant), .text(id)])
        }
        return .noContent
    }

    /// POST /todos/{id}/archive → 204; any body is ignored.
    func archive(id: String) throws -> PalbaseResponse {
        try store.transaction {
            var todo = try fetch(id)
            try ensureUnlocked(todo)
            guard todo.archivedAt == nil else { return }
            todo.archivedAt = context.now
            todo.updatedAt = context.now
            try save(todo, inserting: false)
        }
        return .noContent
    }

    /// POST /todos/{id}/lock `{seconds}` → 200 with the new `locked_until`; 0 unlocks. Replaces any lock.
    func lock(id: String) throws -> PalbaseResponse {
        var body = try context.body()
        let seconds = body.integer("seconds", in: 0...86_400, required: true)
        try body.finish()
        let locked = try store.transaction {
            var todo = try fetch(id)
            todo.lockedUntil = seconds.flatMap { $0 == 0 ? nil : context.now + Int64($0) * 1000 }
            todo.updatedAt = context.now
            try save(todo, inserting: false)
            return todo
        }
        return .json(locked.json)
    }

    // MARK: - Storage

    private func fetch(_ id: String) throws -> SampleTodo {
        let rows = try store.query(
            "SELECT \(SampleTodo.columns) FROM sample_todos WHERE tenant = ? AND id = ?",
            [.text(context.tenant), .text(id)])
        guard let row = rows.first else {
            throw context.error(.todoNotFound, "Todo not found")
        }
        return SampleTodo(row: row)
    }

    private func ensureUnlocked(_ todo: SampleTodo) throws {
        guard let lockedUntil = todo.lockedUntil, todo.isLocked(at: context.now) else { return }
        let seconds = context.secondsUntil(lockedUntil)
        throw context.error(
            .todoLocked, "Todo is locked", data: .object(["retry_after": .int(seconds)]),
            headers: [("Retry-After", String(seconds))])
    }

    private func save(_ todo: SampleTodo, inserting: Bool) throws {
        let columns = SampleTodo.columns.components(separatedBy: ", ")
        if inserting {
            let placeholders = Array(repeating: "?", count: columns.count).joined(separator: ", ")
            try store.execute(
                "INSERT INTO sample_todos (tenant, \(SampleTodo.columns)) VALUES (?, \(placeholders))",
                [.text(context.tenant)] + todo.bindings)
        } else {
            // UPDATE rather than REPLACE: a replaced row gets a new rowid, which would reorder todos created in
            // the same millisecond.
            let assignments = columns.map { "\($0) = ?" }.joined(separator: ", ")
            try store.execute(
                "UPDATE sample_todos SET \(assignments) WHERE tenant = ? AND id = ?",
                todo.bindings + [.text(context.tenant), .text(todo.id)])
        }
    }
}
