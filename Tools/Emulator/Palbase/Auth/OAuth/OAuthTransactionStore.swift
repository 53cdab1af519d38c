import EmulatorCore
import ErrorCore
import Foundation

/// One OAuth transaction as `auth_oauth_transactions` keeps it.
struct OAuthTransaction: Sendable, Equatable {
    /// Where the transaction is in its life; see `AuthMigrations.oauth`.
    enum Status: String, Sendable {
        case pending, approved, denied, done
    }

    /// How the transaction completes: `browser`, with a code from the provider page and its PKCE verifier,
    /// or `native`, with an ID token the app got from the provider itself (`palbase.md`, "Native sign-in").
    enum Mode: String, Sendable {
        case browser, native
    }

    let id: String
    let provider: OAuthProvider
    let mode: Mode
    /// The nonce a native transaction's ID token must carry (Apple's as its SHA-256 hex); nil for browser.
    let nonce: String?
    let redirectURI: String
    let codeChallenge: String
    let state: String
    /// The account and session a `link: true` transaction links to; nil for a sign-in.
    let linkUserID: String?
    let linkSessionID: String?
    var status: Status
    var codeHash: String?
    /// The provider account the page approved: its stable subject and the email it reported.
    var subject: String?
    var email: String?
    /// Milliseconds on the service clock.
    let createdAt: Int64
    let expiresAt: Int64

    init(
        id: String, provider: OAuthProvider, redirectURI: String, codeChallenge: String, state: String,
        linkUserID: String?, linkSessionID: String?, createdAt: Int64, expiresAt: Int64
    ) {
        self.id = id
        self.provider = provider
        mode = .browser
        nonce = nil
        self.redirectURI = redirectURI
        self.codeChallenge = codeChallenge
        self.state = state
        self.linkUserID = linkUserID
        self.linkSessionID = linkSessionID
        status = .pending
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }

    /// A native transaction: no redirect, challenge or state (stored empty), only its `nonce`.
    init(
        id: String, provider: OAuthProvider, nonce: String, linkUserID: String?, linkSessionID: String?,
        createdAt: Int64, expiresAt: Int64
    ) {
        self.id = id
        self.provider = provider
        mode = .native
        self.nonce = nonce
        redirectURI = ""
        codeChallenge = ""
        state = ""
        self.linkUserID = linkUserID
        self.linkSessionID = linkSessionID
        status = .pending
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }

    init?(row: SQLiteRow) {
        guard let provider = row.string("provider").flatMap(OAuthProvider.init(rawValue:)),
            let status = row.string("status").flatMap(Status.init(rawValue:)),
            let mode = row.string("mode").flatMap(Mode.init(rawValue:))
        else { return nil }
        id = row.string("id") ?? ""
        self.provider = provider
        self.mode = mode
        nonce = row.string("nonce")
        redirectURI = row.string("redirect_uri") ?? ""
        codeChallenge = row.string("code_challenge") ?? ""
        state = row.string("state") ?? ""
        linkUserID = row.string("link_user_id")
        linkSessionID = row.string("link_session_id")
        self.status = status
        codeHash = row.string("code_hash")
        subject = row.string("subject")
        email = row.string("email")
        createdAt = row.int64("created_at") ?? 0
        expiresAt = row.int64("expires_at") ?? 0
    }
}

/// The `auth_oauth_transactions` and `auth_identities` queries.
struct OAuthStore {
    let tenant: String
    let store: SQLiteDatabase

    func insert(_ transaction: OAuthTransaction) throws {
        try store.execute(
            """
            INSERT INTO auth_oauth_transactions (tenant, id, provider, redirect_uri, code_challenge, state,
                link_user_id, link_session_id, status, created_at, expires_at, mode, nonce)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                .text(tenant), .text(transaction.id), .text(transaction.provider.rawValue),
                .text(transaction.redirectURI), .text(transaction.codeChallenge), .text(transaction.state),
                SQLiteValue(transaction.linkUserID), SQLiteValue(transaction.linkSessionID),
                .text(transaction.status.rawValue), .integer(transaction.createdAt), .integer(transaction.expiresAt),
                .text(transaction.mode.rawValue), SQLiteValue(transaction.nonce),
            ])
    }

    func transaction(id: String) throws -> OAuthTransaction? {
        try store.query(
            "SELECT * FROM auth_oauth_transactions WHERE tenant = ? AND id = ?", [.text(tenant), .text(id)]
        ).first.flatMap(OAuthTransaction.init(row:))
    }

    /// Writes the mutable columns (status, code hash, provider account).
    func update(_ transaction: OAuthTransaction) throws {
        try store.execute(
            """
            UPDATE auth_oauth_transactions SET status = ?, code_hash = ?, subject = ?, email = ?
            WHERE tenant = ? AND id = ?
            """,
            [
                .text(transaction.status.rawValue), SQLiteValue(transaction.codeHash), SQLiteValue(transaction.subject),
                SQLiteValue(transaction.email), .text(tenant), .text(transaction.id),
            ])
    }

    /// Moves `transaction` from `status` (approved: a browser code; pending: a native transaction) to done in
    /// one statement; false when it was not in that status any more (another exchange spent it first). Two
    /// concurrent exchanges both read the status, but only one of them changes the row.
    func spend(_ transaction: OAuthTransaction, from status: OAuthTransaction.Status = .approved) throws -> Bool {
        try !store.query(
            """
            UPDATE auth_oauth_transactions SET status = ?
            WHERE tenant = ? AND id = ? AND status = ? RETURNING id
            """,
            [
                .text(OAuthTransaction.Status.done.rawValue), .text(tenant), .text(transaction.id),
                .text(status.rawValue),
            ]
        ).isEmpty
    }

    /// The account `subject` at `provider` is linked to, if any.
    func linkedUserID(provider: OAuthProvider, subject: String) throws -> String? {
        try store.query(
            "SELECT user_id FROM auth_identities WHERE tenant = ? AND provider = ? AND subject = ?",
            [.text(tenant), .text(provider.rawValue), .text(subject)]
        ).first?.string("user_id")
    }

    /// Links `subject` at `provider` to `userID`.
    func link(provider: OAuthProvider, subject: String, email: String?, userID: String, now: Int64) throws {
        try store.execute(
            """
            INSERT INTO auth_identities (tenant, provider, subject, user_id, email, created_at)
            VALUES (?, ?, ?, ?, ?, ?)
            """,
            [.text(tenant), .text(provider.rawValue), .text(subject), .text(userID), SQLiteValue(email), .integer(now)])
    }

    /// The providers linked to `userID`, sorted.
    func providers(userID: String) throws -> [String] {
        try store.query(
            "SELECT DISTINCT provider FROM auth_identities WHERE tenant = ? AND user_id = ? ORDER BY provider",
            [.text(tenant), .text(userID)]
        ).compactMap { $0.string("provider") }
    }
}

extension OAuthStore {
    /// Removes the link of `subject` at `provider` (its account was deleted).
    func unlink(provider: OAuthProvider, subject: String) throws {
        try store.execute(
            "DELETE FROM auth_identities WHERE tenant = ? AND provider = ? AND subject = ?",
            [.text(tenant), .text(provider.rawValue), .text(subject)])
    }
}
