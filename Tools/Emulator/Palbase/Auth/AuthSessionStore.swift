import EmulatorCore
import ErrorCore
import Foundation
import SDKCrypto

/// Sessions, their access tokens and their refresh-token families, in `auth_sessions`,
/// `auth_access_tokens` and `auth_refresh_tokens`.
///
/// A refresh rotates: the presented token is marked used and a new one issued. Presenting a used token
/// again is reuse (a copy was stolen, or the client lost an answer): the whole session is revoked, so the
/// thief's and the owner's tokens both stop working.
///
/// Except within ``refreshReuseGrace`` (10 s, as GoTrue allows) of the rotation, once: a client killed
/// after the server rotated and before it stored the answer presents the retired token again on its next
/// launch, and gets the same new pair it lost, provided that pair's refresh token was not used since and
/// the session stands. The pair is kept sealed (AES-256-GCM) under a key derived from the retired token,
/// so the database never holds a usable token in clear; only the client that presents it can open it.
struct AuthSessionStore {
    let tenant: String
    let store: SQLiteDatabase
    let policy: AuthPolicy

    /// How long after a rotation the retired refresh token may fetch the same new pair once more.
    static let refreshReuseGrace: Int64 = 10_000

    /// The tokens of a freshly minted or rotated session.
    struct Tokens: Codable {
        let accessToken: String
        let refreshToken: String
        let expiresAt: Int64
    }

    /// What a refresh found, decided inside its transaction; errors are thrown after it commits, so a
    /// reuse's revocation sticks.
    private enum Rotation {
        case rotated(AuthSession, Tokens, AuthUser)
        case failed(PalbaseHTTPError)
    }

    /// A new session for `userID`, bound to `thumbprint` when the request carried a proof.
    func mint(userID: String, thumbprint: String?, now: Int64) throws -> (AuthSession, Tokens) {
        try store.transaction {
            let id = AuthSecrets.id("ses_")
            try store.execute(
                """
                INSERT INTO auth_sessions (tenant, id, user_id, dpop_jkt, authenticated_at, created_at)
                VALUES (?, ?, ?, ?, ?, ?)
                """, [.text(tenant), .text(id), .text(userID), SQLiteValue(thumbprint), .integer(now), .integer(now)])
            let tokens = try issueTokens(sessionID: id, now: now)
            return (try session(id: id)!, tokens)
        }
    }

    /// The session and user an `Authorization: Bearer` header names.
    ///
    /// Throws 401 `invalid_token` (missing, malformed, unknown), `session_revoked`, `token_expired`, and 403
    /// `subject_fenced`.
    func authenticate(_ authorization: String?, now: Int64) throws -> (AuthSession, AuthUser) {
        guard let found = try lookup(authorization) else { throw AuthErrors.invalidToken() }
        let (session, expiresAt) = found
        if session.revokedAt != nil { throw AuthErrors.sessionRevoked() }
        if expiresAt <= now { throw AuthErrors.tokenExpired() }
        guard let user = try AuthUserStore(tenant: tenant, store: store).user(id: session.userID),
            user.deletedAt == nil
        else { throw AuthErrors.sessionRevoked() }
        if user.fenced { throw AuthErrors.subjectFenced() }
        return (session, user)
    }

    /// The session an `Authorization: Bearer` header's access token belongs to, whatever its state, with the
    /// token's expiry; nil when the header is missing, malformed or names no token.
    func lookup(_ authorization: String?) throws -> (AuthSession, expiresAt: Int64)? {
        guard let authorization, authorization.count > 7, authorization.prefix(7).lowercased() == "bearer " else {
            return nil
        }
        let token = String(authorization.dropFirst(7)).trimmingCharacters(in: .whitespaces)
        guard
            let row = try store.query(
                """
                SELECT s.*, a.expires_at AS access_expires_at FROM auth_access_tokens a
                JOIN auth_sessions s ON s.tenant = a.tenant AND s.id = a.session_id
                WHERE a.tenant = ? AND a.token_hash = ?
                """, [.text(tenant), .text(AuthSecrets.hash(token, context: "access"))]
            ).first
        else { return nil }
        return (AuthSession(row: row), row.int64("access_expires_at") ?? 0)
    }

    /// Rotates `refreshToken`, which the proof with `thumbprint` presents.
    ///
    /// Throws 401 `refresh_token_invalid` (unknown), `dpop_key_mismatch` (another key than the session's),
    /// `refresh_token_reused` (already used: the session is revoked), `session_revoked`, and 403
    /// `subject_fenced`.
    func refresh(_ refreshToken: String, thumbprint: String, now: Int64) throws -> (AuthSession, Tokens, AuthUser) {
        let tokenHash = AuthSecrets.hash(refreshToken, context: "refresh")
        let rotation: Rotation = try store.transaction {
            guard
                let row = try store.query(
                    """
                    SELECT s.*, r.used_at AS refresh_used_at, r.successor AS refresh_successor,
                    r.successor_replayed_at AS refresh_replayed_at FROM auth_refresh_tokens r
                    JOIN auth_sessions s ON s.tenant = r.tenant AND s.id = r.session_id
                    WHERE r.tenant = ? AND r.token_hash = ?
                    """, [.text(tenant), .text(tokenHash)]
                ).first
            else { return .failed(AuthErrors.refreshTokenInvalid()) }
            let session = AuthSession(row: row)
            if let bound = session.dpopThumbprint, bound != thumbprint { return .failed(AuthErrors.dpopKeyMismatch()) }
            if let usedAt = row.int64("refresh_used_at") {
                if session.revokedAt == nil, row.int64("refresh_replayed_at") == nil,
                    now - usedAt <= Self.refreshReuseGrace,
                    let sealed = row.data("refresh_successor"), let pair = Self.open(sealed, with: refreshToken),
                    try isUnused(refreshToken: pair.refreshToken), let user = try liveUser(of: session), !user.fenced
                {
                    // The client lost the answer (killed before it stored it): the same pair, once.
                    try store.execute(
                        "UPDATE auth_refresh_tokens SET successor_replayed_at = ? WHERE tenant = ? AND token_hash = ?",
                        [.integer(now), .text(tenant), .text(tokenHash)])
                    return .rotated(session, pair, user)
                }
                try revoke(sessionID: session.id, reason: "refresh_token_reused", now: now)
                return .failed(AuthErrors.refreshTokenReused())
            }
            if session.revokedAt != nil { return .failed(AuthErrors.sessionRevoked()) }
            guard let user = try liveUser(of: session) else { return .failed(AuthErrors.sessionRevoked()) }
            if user.fenced { return .failed(AuthErrors.subjectFenced()) }
            try store.execute(
                "UPDATE auth_refresh_tokens SET used_at = ? WHERE tenant = ? AND token_hash = ?",
                [.integer(now), .text(tenant), .text(tokenHash)])
            if session.dpopThumbprint == nil {
                try store.execute(
                    "UPDATE auth_sessions SET dpop_jkt = ? WHERE tenant = ? AND id = ?",
                    [.text(thumbprint), .text(tenant), .text(session.id)])
            }
            let tokens = try issueTokens(sessionID: session.id, now: now)
            try store.execute(
                "UPDATE auth_refresh_tokens SET successor = ? WHERE tenant = ? AND token_hash = ?",
                [
                    .blob(try Self.seal(tokens, with: refreshToken)), .text(tenant),
                    .text(tokenHash),
                ])
            return .rotated(try self.session(id: session.id)!, tokens, user)
        }
        switch rotation {
        case .failed(let error): throw error
        case .rotated(let session, let tokens, let user): return (session, tokens, user)
        }
    }

    /// Revokes one session (no-op when already revoked).
    func revoke(sessionID: String, reason: String, now: Int64) throws {
        try store.execute(
            """
            UPDATE auth_sessions SET revoked_at = ?, revoked_reason = ?
            WHERE tenant = ? AND id = ? AND revoked_at IS NULL
            """, [.integer(now), .text(reason), .text(tenant), .text(sessionID)])
    }

    /// Revokes every live session of `userID`; returns how many.
    @discardableResult
    func revokeAll(userID: String, reason: String, now: Int64) throws -> Int {
        try store.transaction {
            try store.execute(
                """
                UPDATE auth_sessions SET revoked_at = ?, revoked_reason = ?
                WHERE tenant = ? AND user_id = ? AND revoked_at IS NULL
                """, [.integer(now), .text(reason), .text(tenant), .text(userID)])
            return store.changes
        }
    }

    /// Revokes every live session of `userID` except `keeping` (the caller's own); returns how many.
    @discardableResult
    func revokeOthers(userID: String, keeping sessionID: String, reason: String, now: Int64) throws -> Int {
        try store.transaction {
            try store.execute(
                """
                UPDATE auth_sessions SET revoked_at = ?, revoked_reason = ?
                WHERE tenant = ? AND user_id = ? AND id != ? AND revoked_at IS NULL
                """, [.integer(now), .text(reason), .text(tenant), .text(userID), .text(sessionID)])
            return store.changes
        }
    }

    /// Every session, or those of `userID`, oldest first.
    func sessions(userID: String?) throws -> [AuthSession] {
        try store.query(
            "SELECT * FROM auth_sessions WHERE tenant = ?1 AND (?2 IS NULL OR user_id = ?2) ORDER BY created_at, id",
            [.text(tenant), SQLiteValue(userID)]
        ).map(AuthSession.init(row:))
    }

    func session(id: String) throws -> AuthSession? {
        try store.query("SELECT * FROM auth_sessions WHERE tenant = ? AND id = ?", [.text(tenant), .text(id)]).first
            .map(AuthSession.init(row:))
    }

    func issueTokens(sessionID: String, now: Int64) throws -> Tokens {
        let access = AuthSecrets.token("pat_")
        let refresh = AuthSecrets.token("prt_")
        let expiresAt = now + Int64(policy.accessTokenLifetime) * 1000
        try store.execute(
            "INSERT INTO auth_access_tokens (tenant, token_hash, session_id, expires_at) VALUES (?, ?, ?, ?)",
            [.text(tenant), .text(AuthSecrets.hash(access, context: "access")), .text(sessionID), .integer(expiresAt)])
        try store.execute(
            "INSERT INTO auth_refresh_tokens (tenant, token_hash, session_id, created_at) VALUES (?, ?, ?, ?)",
            [.text(tenant), .text(AuthSecrets.hash(refresh, context: "refresh")), .text(sessionID), .integer(now)])
        return Tokens(accessToken: access, refreshToken: refresh, expiresAt: expiresAt)
    }

    /// The session's user, unless the account is gone.
    private func liveUser(of session: AuthSession) throws -> AuthUser? {
        guard let user = try AuthUserStore(tenant: tenant, store: store).user(id: session.userID), user.deletedAt == nil
        else { return nil }
        return user
    }

    // MARK: - The reuse grace window

    /// Whether `refreshToken` is a live, unused refresh token.
    private func isUnused(refreshToken: String) throws -> Bool {
        try store.query(
            "SELECT 1 FROM auth_refresh_tokens WHERE tenant = ? AND token_hash = ? AND used_at IS NULL",
            [.text(tenant), .text(AuthSecrets.hash(refreshToken, context: "refresh"))]
        ).first != nil
    }

    /// `tokens` sealed under a key derived from the retired `refreshToken`: nonce ‖ ciphertext ‖ tag.
    private static func seal(_ tokens: Tokens, with refreshToken: String) throws -> Data {
        let nonce = SecureRandom.bytes(12)
        let sealed = try AES256GCM.seal(
            try JSONEncoder().encode(tokens), key: try graceKey(refreshToken), nonce: nonce,
            authenticating: Data("refresh-grace".utf8))
        return nonce + sealed
    }

    /// The pair ``seal(_:with:)`` kept, when `refreshToken` opens it.
    private static func open(_ sealed: Data, with refreshToken: String) -> Tokens? {
        guard sealed.count > 12, let key = try? graceKey(refreshToken),
            let plain = try? AES256GCM.open(
                sealed.dropFirst(12), key: key, nonce: sealed.prefix(12), authenticating: Data("refresh-grace".utf8))
        else { return nil }
        return try? JSONDecoder().decode(Tokens.self, from: plain)
    }

    private static func graceKey(_ refreshToken: String) throws -> Data {
        try HKDFSHA256.deriveKey(
            inputKeyMaterial: Data(refreshToken.utf8), salt: Data(), info: Data("palbase emulator refresh grace".utf8),
            outputByteCount: 32)
    }
}
