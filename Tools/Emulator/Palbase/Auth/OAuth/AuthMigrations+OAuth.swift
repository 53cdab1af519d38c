import EmulatorCore

extension AuthMigrations {
    /// The OAuth tables (version 240, clear of part 1's 200 and the passkey range): transactions begun at
    /// `/auth/oauth/authorize`, and the provider identities linked to accounts.
    ///
    /// A transaction keeps the S256 challenge, never a verifier; the authorization code is kept as its hash.
    /// `status` is `pending` (the provider page has not answered), `approved` (a code was issued),
    /// `denied` (the user refused on the provider page) or `done` (exchanged, refused or cancelled: every
    /// later use of its code is refused).
    static let oauth = Migration(
        version: 240,
        sql: """
            CREATE TABLE auth_oauth_transactions (
                tenant TEXT NOT NULL,
                id TEXT NOT NULL,
                provider TEXT NOT NULL,
                redirect_uri TEXT NOT NULL,
                code_challenge TEXT NOT NULL,
                state TEXT NOT NULL,
                link_user_id TEXT,
                link_session_id TEXT,
                status TEXT NOT NULL,
                code_hash TEXT,
                subject TEXT,
                email TEXT,
                created_at INTEGER NOT NULL,
                expires_at INTEGER NOT NULL,
                PRIMARY KEY (tenant, id)
            );
            CREATE TABLE auth_identities (
                tenant TEXT NOT NULL,
                provider TEXT NOT NULL,
                subject TEXT NOT NULL,
                user_id TEXT NOT NULL,
                email TEXT,
                created_at INTEGER NOT NULL,
                PRIMARY KEY (tenant, provider, subject)
            );
            CREATE INDEX auth_identities_by_user ON auth_identities (tenant, user_id);
            """)
}
