import EmulatorCore

/// The sample backend's tables, as migrations in its reserved version range 100–199.
///
/// Every table is keyed by `tenant` first: the caller's tenant (the API key's tenant today, the user id once
/// sessions exist), so one caller can never address another's rows, not even by guessing ids. Timestamps
/// are integer milliseconds since the epoch; lists and free-form objects are JSON text.
package enum SampleMigrations {
    /// Every migration, ascending.
    package static let all: [Migration] = [todos, rooms, documents, attachments]

    static let todos = Migration(
        version: 100,
        sql: """
            CREATE TABLE sample_todos (
                tenant TEXT NOT NULL,
                id TEXT NOT NULL,
                title TEXT NOT NULL,
                completed INTEGER NOT NULL DEFAULT 0,
                tags TEXT NOT NULL DEFAULT '[]',
                visibility TEXT NOT NULL,
                metadata TEXT NOT NULL DEFAULT '{}',
                note TEXT,
                due_date INTEGER,
                created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL,
                locked_until INTEGER,
                archived_at INTEGER,
                PRIMARY KEY (tenant, id)
            );
            CREATE INDEX sample_todos_by_creation ON sample_todos (tenant, created_at);
            """)

    static let rooms = Migration(
        version: 101,
        sql: """
            CREATE TABLE sample_rooms (
                tenant TEXT NOT NULL,
                id TEXT NOT NULL,
                name TEXT NOT NULL,
                parent_id TEXT,
                visibility TEXT NOT NULL,
                metadata TEXT NOT NULL DEFAULT '{}',
                created_at INTEGER NOT NULL,
                locked_until INTEGER,
                PRIMARY KEY (tenant, id)
            );
            CREATE TABLE sample_messages (
                tenant TEXT NOT NULL,
                id TEXT NOT NULL,
                room_id TEXT NOT NULL,
                text TEXT NOT NULL,
                created_at INTEGER NOT NULL,
                PRIMARY KEY (tenant, id)
            );
            """)

    static let documents = Migration(
        version: 102,
        sql: """
            CREATE TABLE sample_documents (
                tenant TEXT NOT NULL,
                collection TEXT NOT NULL,
                id TEXT NOT NULL,
                data TEXT NOT NULL,
                created_at INTEGER NOT NULL,
                PRIMARY KEY (tenant, collection, id)
            );
            """)

    /// Files uploaded to `POST /todos/{id}/attachment`, bytes and all.
    static let attachments = Migration(
        version: 103,
        sql: """
            CREATE TABLE sample_attachments (
                tenant TEXT NOT NULL,
                id TEXT NOT NULL,
                todo_id TEXT NOT NULL,
                filename TEXT NOT NULL,
                content_type TEXT NOT NULL,
                size INTEGER NOT NULL,
                sha256 TEXT NOT NULL,
                caption TEXT,
                bytes BLOB NOT NULL,
                created_at INTEGER NOT NULL,
                PRIMARY KEY (tenant, id)
            );
            CREATE INDEX sample_attachments_by_todo ON sample_attachments (tenant, todo_id);
            """)
}
