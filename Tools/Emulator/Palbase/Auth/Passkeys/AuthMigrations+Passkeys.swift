import EmulatorCore

extension AuthMigrations {
    /// The passkey tables. Version 210 rather than the next free number, so the other part-2 rails can take
    /// 201–209 without two branches claiming one version.
    ///
    /// `auth_passkey_challenges` keeps the hash of each challenge (like every other secret), what it was
    /// issued for, and for whom: the caller's user and session for `register` and `step_up`, the email and
    /// the new account's id for `signup`. `auth_passkeys` keeps ES256 public keys, never a private key.
    static let passkeys = Migration(
        version: 210,
        sql: """
            CREATE TABLE auth_passkey_challenges (
                tenant TEXT NOT NULL,
                challenge_hash TEXT NOT NULL,
                purpose TEXT NOT NULL,
                rp_id TEXT NOT NULL,
                user_id TEXT,
                session_id TEXT,
                email TEXT,
                created_at INTEGER NOT NULL,
                expires_at INTEGER NOT NULL,
                used_at INTEGER,
                PRIMARY KEY (tenant, challenge_hash)
            );
            CREATE TABLE auth_passkeys (
                tenant TEXT NOT NULL,
                id TEXT NOT NULL,
                user_id TEXT NOT NULL,
                rp_id TEXT NOT NULL,
                public_key BLOB NOT NULL,
                sign_count INTEGER NOT NULL,
                name TEXT,
                created_at INTEGER NOT NULL,
                last_used_at INTEGER,
                PRIMARY KEY (tenant, id)
            );
            CREATE INDEX auth_passkeys_by_user ON auth_passkeys (tenant, user_id);
            """)
}
