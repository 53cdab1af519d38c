import EmulatorCore
import ErrorCore
import Foundation

/// One authorization code a simulated provider's page issued, as `auth_provider_codes` keeps it (the code
/// itself only as its hash): what the token endpoint checks and what the ID token it mints says.
struct ProviderCode: Sendable, Equatable {
    let provider: OAuthProvider
    let clientID: String
    let redirectURI: String
    /// The S256 challenge from the authorize request; the token request's verifier must hash to it.
    let codeChallenge: String
    /// The authorize request's nonce, copied verbatim into the ID token.
    let nonce: String
    let subject: String
    let email: String
    let givenName: String?
    let familyName: String?
    /// Whether this is the first authorization of `subject` for `clientID`: Apple hands over the name then only.
    /// Decided when the code is stored (``ProviderCodeStore/insert(_:code:)``).
    var isFirstAuthorization: Bool
    /// Milliseconds on the service clock.
    let createdAt: Int64
    let expiresAt: Int64

    init(
        provider: OAuthProvider, clientID: String, redirectURI: String, codeChallenge: String, nonce: String,
        subject: String, email: String, givenName: String?, familyName: String?, createdAt: Int64, expiresAt: Int64
    ) {
        self.provider = provider
        self.clientID = clientID
        self.redirectURI = redirectURI
        self.codeChallenge = codeChallenge
        self.nonce = nonce
        self.subject = subject
        self.email = email
        self.givenName = givenName
        self.familyName = familyName
        isFirstAuthorization = false
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }

    init?(row: SQLiteRow) {
        guard let provider = row.string("provider").flatMap(OAuthProvider.init(rawValue:)) else { return nil }
        self.provider = provider
        clientID = row.string("client_id") ?? ""
        redirectURI = row.string("redirect_uri") ?? ""
        codeChallenge = row.string("code_challenge") ?? ""
        nonce = row.string("nonce") ?? ""
        subject = row.string("subject") ?? ""
        email = row.string("email") ?? ""
        givenName = row.string("given_name")
        familyName = row.string("family_name")
        isFirstAuthorization = row.bool("first_authorization") ?? false
        createdAt = row.int64("created_at") ?? 0
        expiresAt = row.int64("expires_at") ?? 0
    }
}

/// The `auth_provider_codes` and `auth_provider_grants` queries.
struct ProviderCodeStore {
    let tenant: String
    let store: SQLiteDatabase

    /// What the table keeps instead of `code`.
    static func hash(_ code: String) -> String {
        AuthSecrets.hash(code, context: "provider-code")
    }

    /// Stores `code` for `issued` and returns it with ``ProviderCode/isFirstAuthorization`` decided: true when
    /// this is the first time `issued.subject` authorized `issued.clientID` at its provider (recorded in the
    /// same transaction, so of two approvals racing only one is the first).
    func insert(_ issued: ProviderCode, code: String) throws -> ProviderCode {
        try store.transaction {
            var issued = issued
            issued.isFirstAuthorization = try !store.query(
                """
                INSERT INTO auth_provider_grants (tenant, provider, client_id, subject, created_at)
                VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING subject
                """,
                [
                    .text(tenant), .text(issued.provider.rawValue), .text(issued.clientID), .text(issued.subject),
                    .integer(issued.createdAt),
                ]
            ).isEmpty
            try store.execute(
                """
                INSERT INTO auth_provider_codes (tenant, code_hash, provider, client_id, redirect_uri, code_challenge,
                    nonce, subject, email, given_name, family_name, first_authorization, created_at, expires_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    .text(tenant), .text(Self.hash(code)), .text(issued.provider.rawValue), .text(issued.clientID),
                    .text(issued.redirectURI), .text(issued.codeChallenge), .text(issued.nonce),
                    .text(issued.subject), .text(issued.email), SQLiteValue(issued.givenName),
                    SQLiteValue(issued.familyName), SQLiteValue(issued.isFirstAuthorization),
                    .integer(issued.createdAt), .integer(issued.expiresAt),
                ])
            return issued
        }
    }

    /// Marks `code` used and returns what it was issued for, in one statement; nil for an unknown code or
    /// one already presented. A code is spent by its first presentation whatever the outcome, so of two
    /// presentations racing only one ever sees it.
    func spend(_ code: String, now: Int64) throws -> ProviderCode? {
        try store.query(
            """
            UPDATE auth_provider_codes SET used_at = ?
            WHERE tenant = ? AND code_hash = ? AND used_at IS NULL RETURNING *
            """,
            [.integer(now), .text(tenant), .text(Self.hash(code))]
        ).first.flatMap(ProviderCode.init(row:))
    }
}
