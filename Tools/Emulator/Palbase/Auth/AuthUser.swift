import EmulatorCore
import ErrorCore
import Foundation

/// One account of the auth service, as stored in `auth_users`.
struct AuthUser: Sendable, Equatable {
    let id: String
    /// Lowercased; nil for phone and anonymous users, and once the account is deleted.
    var email: String?
    /// E.164; nil unless the account signed in by SMS.
    var phone: String?
    /// The stored `PasswordHash`, nil for a passwordless account.
    var passwordHash: String?
    var emailVerified: Bool
    var isAnonymous: Bool
    /// Second factors the account has enrolled (set through the admin API); a magic link then answers
    /// `mfa_required` instead of a session.
    var mfaFactors: [String]
    /// A fenced account's requests answer 403 `subject_fenced`.
    var fenced: Bool
    /// The profile name a native sign-in created the account with (Apple hands it over on the first
    /// authorization only); shown by the admin API, never by `/auth/me`, whose shape has no name.
    var givenName: String?
    var familyName: String?
    /// Milliseconds since the epoch.
    let createdAt: Int64
    var deletedAt: Int64?

    init(
        id: String = UUID().uuidString.lowercased(), email: String? = nil, phone: String? = nil,
        passwordHash: String? = nil, emailVerified: Bool = false, isAnonymous: Bool = false, createdAt: Int64
    ) {
        self.id = id
        self.email = email
        self.phone = phone
        self.passwordHash = passwordHash
        self.emailVerified = emailVerified
        self.isAnonymous = isAnonymous
        mfaFactors = []
        fenced = false
        self.createdAt = createdAt
        deletedAt = nil
    }

    init(row: SQLiteRow) {
        id = row.string("id") ?? ""
        email = row.string("email")
        phone = row.string("phone")
        passwordHash = row.string("password_hash")
        emailVerified = row.bool("email_verified") ?? false
        isAnonymous = row.bool("is_anonymous") ?? false
        mfaFactors = SampleJSON.parse(row.data("mfa_factors") ?? Data())?.arrayValue?.compactMap(\.stringValue) ?? []
        fenced = row.bool("fenced") ?? false
        givenName = row.string("given_name")
        familyName = row.string("family_name")
        createdAt = row.int64("created_at") ?? 0
        deletedAt = row.int64("deleted_at")
    }

    var hasPassword: Bool { passwordHash != nil }

    /// The contract's user object: `{"id","email","phone","email_verified","created_at"}`.
    var json: AnyCodableValue {
        [
            "id": .string(id), "email": email.map(AnyCodableValue.string) ?? .null,
            "phone": phone.map(AnyCodableValue.string) ?? .null, "email_verified": .bool(emailVerified),
            "created_at": .string(EmulatorJSON.timestamp(Date(timeIntervalSince1970: Double(createdAt) / 1000))),
        ]
    }

    /// The identity kinds the account signs in with, for `/auth/me`'s `providers`.
    var providers: [String] {
        var providers: [String] = []
        if email != nil { providers.append("email") }
        if phone != nil { providers.append("phone") }
        if isAnonymous { providers.append("anonymous") }
        return providers
    }

    /// What the admin API shows: the contract's fields plus the flags a test or the CLI inspects. Never the
    /// hash.
    var adminJSON: AnyCodableValue {
        guard case .object(var object) = json else { return json }
        object["has_password"] = .bool(hasPassword)
        object["is_anonymous"] = .bool(isAnonymous)
        object["mfa_factors"] = .array(mfaFactors.map(AnyCodableValue.string))
        object["fenced"] = .bool(fenced)
        object["deleted"] = .bool(deletedAt != nil)
        object["given_name"] = givenName.map(AnyCodableValue.string) ?? .null
        object["family_name"] = familyName.map(AnyCodableValue.string) ?? .null
        return .object(object)
    }
}

/// The `auth_users` queries.
struct AuthUserStore {
    let tenant: String
    let store: SQLiteDatabase

    func user(id: String) throws -> AuthUser? {
        try store.query("SELECT * FROM auth_users WHERE tenant = ? AND id = ?", [.text(tenant), .text(id)]).first
            .map(AuthUser.init(row:))
    }

    func user(email: String) throws -> AuthUser? {
        try store.query("SELECT * FROM auth_users WHERE tenant = ? AND email = ?", [.text(tenant), .text(email)])
            .first.map(AuthUser.init(row:))
    }

    func user(phone: String) throws -> AuthUser? {
        try store.query("SELECT * FROM auth_users WHERE tenant = ? AND phone = ?", [.text(tenant), .text(phone)])
            .first.map(AuthUser.init(row:))
    }

    /// Every account, oldest first.
    func all() throws -> [AuthUser] {
        try store.query("SELECT * FROM auth_users WHERE tenant = ? ORDER BY created_at, id", [.text(tenant)])
            .map(AuthUser.init(row:))
    }

    /// Inserts `user`; throws 409 `email_taken` when its email belongs to another account.
    func insert(_ user: AuthUser) throws {
        do {
            try store.execute(
                """
                INSERT INTO auth_users (tenant, id, email, phone, password_hash, email_verified, is_anonymous,
                    mfa_factors, fenced, created_at, deleted_at, given_name, family_name)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, values(user))
        } catch let error as SQLiteError where error.isConstraintViolation {
            throw AuthErrors.emailTaken()
        }
    }

    /// Writes every mutable column of `user`.
    func update(_ user: AuthUser) throws {
        try store.execute(
            """
            UPDATE auth_users SET email = ?3, phone = ?4, password_hash = ?5, email_verified = ?6, is_anonymous = ?7,
                mfa_factors = ?8, fenced = ?9, deleted_at = ?11, given_name = ?12, family_name = ?13
            WHERE tenant = ?1 AND id = ?2 AND created_at = ?10
            """, values(user))
    }

    private func values(_ user: AuthUser) -> [SQLiteValue] {
        [
            .text(tenant), .text(user.id), SQLiteValue(user.email), SQLiteValue(user.phone),
            SQLiteValue(user.passwordHash), SQLiteValue(user.emailVerified), SQLiteValue(user.isAnonymous),
            .text(AnyCodableValue.array(user.mfaFactors.map(AnyCodableValue.string)).jsonText),
            SQLiteValue(user.fenced), .integer(user.createdAt), user.deletedAt.map(SQLiteValue.integer) ?? .null,
            SQLiteValue(user.givenName), SQLiteValue(user.familyName),
        ]
    }
}
