import Foundation

extension SQLiteDatabase {
    /// Applies every migration not yet applied, in ascending version order, each in its own transaction.
    ///
    /// Applied versions are recorded one by one in `_schema_migrations`, not only as a high-water mark,
    /// because several services contribute migrations in separate version ranges: a platform migration 4
    /// added after the sample backend's 101 has run must still run. `PRAGMA user_version` mirrors the
    /// highest applied version for tools that look at it. Throws `SQLiteError` on duplicate versions or
    /// failing SQL; earlier migrations stay applied.
    package func migrate(_ migrations: [Migration]) throws {
        let versions = migrations.map(\.version)
        guard Set(versions).count == versions.count else {
            throw SQLiteError(code: 21, message: "duplicate migration versions in \(versions.sorted())")
        }
        try execute(
            """
            CREATE TABLE IF NOT EXISTS _schema_migrations (
                version INTEGER PRIMARY KEY,
                applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
            )
            """)
        let applied = Set(try query("SELECT version FROM _schema_migrations").compactMap { $0.int("version") })
        for migration in migrations.sorted(by: { $0.version < $1.version }) where !applied.contains(migration.version) {
            try transaction {
                try execute(migration.sql)
                try execute("INSERT INTO _schema_migrations (version) VALUES (?)", [.integer(Int64(migration.version))])
                let highest = try query("SELECT MAX(version) AS v FROM _schema_migrations").first?.int("v") ?? 0
                try execute("PRAGMA user_version = \(highest)")
            }
        }
    }

    /// Versions already applied to this database, ascending.
    package func appliedMigrationVersions() throws -> [Int] {
        let exists = try query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '_schema_migrations'")
        guard !exists.isEmpty else { return [] }
        return try query("SELECT version FROM _schema_migrations ORDER BY version").compactMap { $0.int("version") }
    }
}
