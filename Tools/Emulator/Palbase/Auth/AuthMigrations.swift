import EmulatorCore

/// The auth service's tables, as migrations in its reserved version range 200–299.
///
/// Every table is keyed by `tenant` first (the API key's tenant). Timestamps are integer milliseconds since
/// the epoch on the service's clock (which the admin clock offset moves). Bearer secrets are never stored:
/// access, refresh and one-time tokens are kept as the hex SHA-256 of the token, codes as a hash too, and
/// passwords as PBKDF2-SHA256 (`PasswordHash`).
package enum AuthMigrations {
    /// Every migration, ascending.
    package static let all: [Migration] = [
        schema, passkeys, oauth, passwordFailures, refreshGrace, nativeTransactions, simulatedProviders,
    ]

    /// The pair a refresh token was rotated into, sealed with a key only that (retired) token derives, for
    /// the reuse grace window (`AuthSessionStore.refreshReuseGrace`); and when it was handed out again.
    static let refreshGrace = Migration(
        version: 251,
        sql: """
            ALTER TABLE auth_refresh_tokens ADD COLUMN successor BLOB;
            ALTER TABLE auth_refresh_tokens ADD COLUMN successor_replayed_at INTEGER;
            """)

    /// Wrong passwords, by account email (known or not) or user id, for the guessing throttle.
    static let passwordFailures = Migration(
        version: 250,
        sql: """
            CREATE TABLE auth_password_failures (
                tenant TEXT NOT NULL,
                subject TEXT NOT NULL,
                at INTEGER NOT NULL
            );
            CREATE INDEX auth_password_failures_by_subject ON auth_password_failures (tenant, subject, at);
            """)

    static let schema = Migration(
        version: 200,
        sql: """
            CREATE TABLE auth_users (
                tenant TEXT NOT NULL,
                id TEXT NOT NULL,
                email TEXT,
                phone TEXT,
                password_hash TEXT,
                email_verified INTEGER NOT NULL DEFAULT 0,
                is_anonymous INTEGER NOT NULL DEFAULT 0,
                mfa_factors TEXT NOT NULL DEFAULT '[]',
                fenced INTEGER NOT NULL DEFAULT 0,
                created_at INTEGER NOT NULL,
                deleted_at INTEGER,
                PRIMARY KEY (tenant, id)
            );
            CREATE UNIQUE INDEX auth_users_email ON auth_users (tenant, email) WHERE email IS NOT NULL;
            CREATE UNIQUE INDEX auth_users_phone ON auth_users (tenant, phone) WHERE phone IS NOT NULL;
            CREATE TABLE auth_sessions (
                tenant TEXT NOT NULL,
                id TEXT NOT NULL,
                user_id TEXT NOT NULL,
                dpop_jkt TEXT,
                authenticated_at INTEGER NOT NULL,
                created_at INTEGER NOT NULL,
                revoked_at INTEGER,
                revoked_reason TEXT,
                PRIMARY KEY (tenant, id)
            );
            CREATE INDEX auth_sessions_by_user ON auth_sessions (tenant, user_id);
            CREATE TABLE auth_access_tokens (
                tenant TEXT NOT NULL,
                token_hash TEXT NOT NULL,
                session_id TEXT NOT NULL,
                expires_at INTEGER NOT NULL,
                PRIMARY KEY (tenant, token_hash)
            );
            CREATE TABLE auth_refresh_tokens (
                tenant TEXT NOT NULL,
                token_hash TEXT NOT NULL,
                session_id TEXT NOT NULL,
                created_at INTEGER NOT NULL,
                used_at INTEGER,
                PRIMARY KEY (tenant, token_hash)
            );
            CREATE TABLE auth_one_time_tokens (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                tenant TEXT NOT NULL,
                purpose TEXT NOT NULL,
                subject TEXT NOT NULL,
                user_id TEXT,
                token_hash TEXT,
                code_hash TEXT,
                attempts INTEGER NOT NULL DEFAULT 0,
                created_at INTEGER NOT NULL,
                expires_at INTEGER NOT NULL,
                used_at INTEGER
            );
            CREATE INDEX auth_one_time_tokens_by_subject ON auth_one_time_tokens (tenant, purpose, subject);
            CREATE INDEX auth_one_time_tokens_by_token ON auth_one_time_tokens (tenant, token_hash);
            CREATE TABLE auth_dpop_proofs (
                tenant TEXT NOT NULL,
                jti TEXT NOT NULL,
                seen_at REAL NOT NULL,
                PRIMARY KEY (tenant, jti)
            );
            CREATE INDEX auth_dpop_proofs_by_age ON auth_dpop_proofs (seen_at);
            CREATE TABLE auth_settings (
                tenant TEXT PRIMARY KEY,
                document TEXT NOT NULL
            );
            """)
}
