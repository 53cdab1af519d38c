import EmulatorCore

extension AuthMigrations {
    /// Native sign-in on the auth service (version 260, clear of 251 and of whatever lands beside it): a
    /// transaction's `mode` (`browser`, the default every earlier row keeps, or `native`) and, for a native
    /// one, the nonce its ID token must carry; and the profile name a native Apple sign-in may create an
    /// account with.
    ///
    /// A native transaction has no redirect URI, challenge or state (they are stored empty) and only two
    /// statuses: `pending` until its one presentation at `/auth/oauth/credential`, then `done`.
    static let nativeTransactions = Migration(
        version: 260,
        sql: """
            ALTER TABLE auth_oauth_transactions ADD COLUMN mode TEXT NOT NULL DEFAULT 'browser';
            ALTER TABLE auth_oauth_transactions ADD COLUMN nonce TEXT;
            ALTER TABLE auth_users ADD COLUMN given_name TEXT;
            ALTER TABLE auth_users ADD COLUMN family_name TEXT;
            """)

    /// The simulated providers at `/__providers/<provider>` (version 261): the authorization codes their
    /// authorize pages issue, kept as hashes with everything the token endpoint checks and the ID token
    /// says, and the (provider, client, subject) triples that have authorized once, so Apple's name is
    /// handed out on the first authorization only.
    ///
    /// `used_at` is set at a code's first presentation at the token endpoint, whatever the outcome.
    static let simulatedProviders = Migration(
        version: 261,
        sql: """
            CREATE TABLE auth_provider_codes (
                tenant TEXT NOT NULL,
                code_hash TEXT NOT NULL,
                provider TEXT NOT NULL,
                client_id TEXT NOT NULL,
                redirect_uri TEXT NOT NULL,
                code_challenge TEXT NOT NULL,
                nonce TEXT NOT NULL,
                subject TEXT NOT NULL,
                email TEXT NOT NULL,
                given_name TEXT,
                family_name TEXT,
                first_authorization INTEGER NOT NULL,
                created_at INTEGER NOT NULL,
                expires_at INTEGER NOT NULL,
                used_at INTEGER,
                PRIMARY KEY (tenant, code_hash)
            );
            CREATE TABLE auth_provider_grants (
                tenant TEXT NOT NULL,
                provider TEXT NOT NULL,
                client_id TEXT NOT NULL,
                subject TEXT NOT NULL,
                created_at INTEGER NOT NULL,
                PRIMARY KEY (tenant, provider, client_id, subject)
            );
            """)
}
