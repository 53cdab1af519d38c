import EmulatorCore

/// The Chatbase emulator's tables, as migrations in its reserved version range 300–399.
///
/// Timestamps are integer milliseconds since the epoch; message parts and tool inputs/outputs are JSON text.
/// Conversations and messages carry an AUTOINCREMENT `seq` so "newest first" has a total order even when two
/// rows share a millisecond, and pagination cursors can point at a row without exposing its id.
enum ChatbaseMigrations {
    /// Every migration, ascending.
    static let all: [Migration] = [tables, seed]

    /// The id of the agent a fresh database (and every reset) starts with: the CLI's default `--agent`.
    static let seededAgentID = "emulator-agent"
    /// The identity secret of the seeded agent.
    static let seededIdentitySecret = "emulator-identity-secret"

    static let tables = Migration(
        version: 300,
        sql: """
            CREATE TABLE chatbase_agents (
                id TEXT PRIMARY KEY,
                name TEXT NOT NULL,
                identity_secret TEXT,
                workspace_credits INTEGER,
                agent_credits INTEGER,
                sdk_channel_enabled INTEGER NOT NULL DEFAULT 1,
                model_allowed INTEGER NOT NULL DEFAULT 1,
                pace_ms INTEGER NOT NULL DEFAULT 0
            );
            CREATE TABLE chatbase_conversations (
                seq INTEGER PRIMARY KEY AUTOINCREMENT,
                id TEXT NOT NULL UNIQUE,
                agent_id TEXT NOT NULL,
                device_id TEXT NOT NULL,
                user_id TEXT,
                title TEXT NOT NULL,
                status TEXT NOT NULL DEFAULT 'ongoing',
                created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL
            );
            CREATE INDEX chatbase_conversations_by_owner
                ON chatbase_conversations (agent_id, user_id, device_id, updated_at);
            CREATE TABLE chatbase_messages (
                seq INTEGER PRIMARY KEY AUTOINCREMENT,
                id TEXT NOT NULL UNIQUE,
                conversation_id TEXT NOT NULL,
                role TEXT NOT NULL CHECK (role IN ('user', 'assistant')),
                parts TEXT NOT NULL,
                created_at INTEGER NOT NULL
            );
            CREATE INDEX chatbase_messages_by_conversation ON chatbase_messages (conversation_id, seq);
            CREATE TABLE chatbase_tool_calls (
                id TEXT PRIMARY KEY,
                conversation_id TEXT NOT NULL,
                message_id TEXT NOT NULL,
                position INTEGER NOT NULL,
                tool_name TEXT NOT NULL,
                input TEXT NOT NULL,
                status TEXT NOT NULL CHECK (status IN ('pending', 'answered', 'expired', 'server')),
                output TEXT
            );
            CREATE INDEX chatbase_tool_calls_by_message ON chatbase_tool_calls (message_id, position);
            """)

    static let seed = Migration(version: 301, sql: seedSQL)

    /// Inserts the default agent; run by migration 301 on a fresh database and by `didReset`.
    static let seedSQL = """
        INSERT OR IGNORE INTO chatbase_agents (id, name, identity_secret, pace_ms)
        VALUES ('\(seededAgentID)', 'Emulator agent', '\(seededIdentitySecret)', 0)
        """
}
