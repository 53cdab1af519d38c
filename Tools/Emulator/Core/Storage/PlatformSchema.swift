import Foundation

/// The platform's own tables (migration versions 1–99) and the data-wide reset.
///
/// Version ranges: platform 1–99, Palbase sample backend 100–199, Palbase auth 200–299, Chatbase 300–399,
/// Purse 400–499. Test-only handlers use 900 and up.
package enum PlatformSchema {
    /// Tables `reset` never empties: the identity (API key, sealing key) and the migration ledger.
    package static let preservedTables: Set<String> = ["emulator_meta", "_schema_migrations"]

    package static let migrations: [Migration] = [
        Migration(
            version: 1,
            sql: """
                CREATE TABLE emulator_meta (
                    key TEXT PRIMARY KEY,
                    value BLOB NOT NULL
                );
                CREATE TABLE request_log (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    request_id TEXT NOT NULL,
                    method TEXT NOT NULL,
                    path TEXT NOT NULL,
                    query TEXT,
                    headers TEXT NOT NULL,
                    body BLOB NOT NULL,
                    status INTEGER,
                    received_at TEXT NOT NULL
                );
                CREATE TABLE inbox (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    channel TEXT NOT NULL CHECK (channel IN ('email', 'sms')),
                    recipient TEXT NOT NULL,
                    subject TEXT,
                    body TEXT NOT NULL,
                    metadata TEXT NOT NULL DEFAULT '{}',
                    created_at TEXT NOT NULL
                );
                CREATE INDEX inbox_recipient ON inbox (recipient);
                CREATE TABLE fault_rules (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    method TEXT,
                    path_prefix TEXT NOT NULL,
                    remaining INTEGER CHECK (remaining IS NULL OR remaining > 0),
                    action TEXT NOT NULL,
                    created_at TEXT NOT NULL
                );
                CREATE TABLE pow_challenges (
                    id TEXT PRIMARY KEY,
                    seed BLOB NOT NULL,
                    difficulty INTEGER NOT NULL,
                    path_prefix TEXT NOT NULL,
                    expires_at REAL NOT NULL
                );
                """
        ),
        // The request log keeps a bounded prefix of each body: the whole body's size and SHA-256 say the rest.
        Migration(
            version: 2,
            sql: """
                ALTER TABLE request_log ADD COLUMN body_size INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE request_log ADD COLUMN body_sha256 TEXT NOT NULL DEFAULT '';
                """
        ),
        // App Attest: challenges handed out (single-use) and the keys registered with them.
        Migration(
            version: 3,
            sql: """
                CREATE TABLE attest_challenges (
                    challenge TEXT PRIMARY KEY,
                    expires_at REAL NOT NULL
                );
                CREATE TABLE attest_keys (
                    key_id TEXT PRIMARY KEY,
                    public_key BLOB NOT NULL,
                    created_at TEXT NOT NULL
                );
                """
        ),
    ]

    /// Empties every table except the preserved ones, then lets each service re-seed, in one transaction.
    ///
    /// Foreign keys are checked at commit (`defer_foreign_keys`), when every table is empty, so the order of
    /// the deletes does not matter.
    package static func reset(_ store: SQLiteDatabase, reseed: () throws -> Void) throws {
        try store.transaction {
            try store.execute("PRAGMA defer_foreign_keys = ON")
            let tables = try store.query(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            ).compactMap { $0.string("name") }
            for table in tables where !preservedTables.contains(table) {
                try store.execute("DELETE FROM \"\(table.replacingOccurrences(of: "\"", with: "\"\""))\"")
            }
            try reseed()
        }
    }
}
