import Foundation

/// The fault rules in force, kept in `fault_rules` so the admin API and the Swift API share them.
package struct FaultStore: Sendable {
    private let store: SQLiteDatabase

    package init(store: SQLiteDatabase) {
        self.store = store
    }

    /// Adds `rule` after validating it and returns it with its id.
    ///
    /// Throws `PalbaseHTTPError` 400 `invalid_fault` for an invalid rule.
    @discardableResult
    package func add(_ rule: FaultRule) throws -> FaultRule {
        if let failure = rule.validationFailure {
            throw PalbaseHTTPError(status: 400, code: "invalid_fault", description: failure)
        }
        let action = String(decoding: try EmulatorJSON.encode(rule.action), as: UTF8.self)
        var added = rule
        added.id = try store.transaction {
            try store.execute(
                "INSERT INTO fault_rules (method, path_prefix, remaining, action, created_at) VALUES (?, ?, ?, ?, ?)",
                [
                    SQLiteValue(rule.method), .text(rule.pathPrefix), SQLiteValue(rule.count), .text(action),
                    .text(EmulatorJSON.timestamp()),
                ])
            return Int(store.lastInsertRowID)
        }
        return added
    }

    /// The rules in force, oldest first, with their remaining counts.
    package func all() throws -> [FaultRule] {
        try store.query("SELECT * FROM fault_rules ORDER BY id").compactMap(Self.rule)
    }

    /// Removes the rule `id`; false when there was none.
    @discardableResult
    package func remove(id: Int) throws -> Bool {
        try store.transaction {
            try store.execute("DELETE FROM fault_rules WHERE id = ?", [.integer(Int64(id))])
            return store.changes > 0
        }
    }

    /// Removes every rule.
    package func clear() throws {
        try store.execute("DELETE FROM fault_rules")
    }

    /// Finds the first rule matching the request and uses up one of its count (deleting it at zero).
    package func take(method: String, path: String) throws -> FaultRule? {
        try store.transaction {
            guard let rule = try all().first(where: { $0.matches(method: method, path: path) }), let id = rule.id
            else { return nil }
            if let count = rule.count {
                if count <= 1 {
                    try store.execute("DELETE FROM fault_rules WHERE id = ?", [.integer(Int64(id))])
                } else {
                    try store.execute(
                        "UPDATE fault_rules SET remaining = remaining - 1 WHERE id = ?", [.integer(Int64(id))])
                }
            }
            return rule
        }
    }

    private static func rule(_ row: SQLiteRow) -> FaultRule? {
        guard let action = try? EmulatorJSON.decode(FaultAction.self, from: row.data("action") ?? Data()),
            let prefix = row.string("path_prefix")
        else { return nil }
        var rule = FaultRule(
            method: row.string("method"), pathPrefix: prefix, count: row.int("remaining"), action: action)
        rule.id = row.int("id")
        return rule
    }
}
