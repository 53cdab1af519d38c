import EmulatorCore
import Foundation
import SDKCrypto

/// Single-use secrets sent through the inbox: SMS codes, magic links, password reset tokens, email
/// verification tokens and codes, and the MFA tokens a magic link answers with, in `auth_one_time_tokens`.
///
/// Issuing one supersedes every unused one of the same purpose for the same subject, so only the latest
/// code or link works. Codes count wrong guesses; after `AuthPolicy.codeAttempts` the code is dead.
struct AuthOneTimeTokens {
    enum Purpose: String {
        case otp
        case magicLink = "magic_link"
        case passwordReset = "password_reset"
        case emailVerification = "email_verification"
        case mfa
    }

    /// A redeemed secret: whom it was for.
    struct Redeemed {
        let subject: String
        let userID: String?
    }

    /// What checking a code found.
    enum CodeOutcome {
        case accepted(Redeemed)
        /// No live code for the subject (never sent, used or superseded).
        case missing
        case wrong
        case expired
        case exhausted
    }

    let tenant: String
    let store: SQLiteDatabase

    /// Stores a new secret (a token, a code or both) and supersedes the subject's earlier ones.
    func issue(
        _ purpose: Purpose, subject: String, userID: String?, token: String?, code: String?, now: Int64,
        lifetime: Int
    ) throws {
        try store.transaction {
            try store.execute(
                """
                UPDATE auth_one_time_tokens SET used_at = ?
                WHERE tenant = ? AND purpose = ? AND subject = ? AND used_at IS NULL
                """, [.integer(now), .text(tenant), .text(purpose.rawValue), .text(subject)])
            try store.execute(
                """
                INSERT INTO auth_one_time_tokens (tenant, purpose, subject, user_id, token_hash, code_hash, created_at,
                    expires_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    .text(tenant), .text(purpose.rawValue), .text(subject), SQLiteValue(userID),
                    SQLiteValue(token.map { AuthSecrets.hash($0, context: purpose.rawValue) }),
                    SQLiteValue(code.map { AuthSecrets.hash($0, context: "\(purpose.rawValue):\(subject)") }),
                    .integer(now), .integer(now + Int64(lifetime) * 1000),
                ])
        }
    }

    /// When the subject was last sent a secret of this purpose, in milliseconds.
    func lastIssued(_ purpose: Purpose, subject: String) throws -> Int64? {
        try store.query(
            "SELECT MAX(created_at) AS last FROM auth_one_time_tokens WHERE tenant = ? AND purpose = ? AND subject = ?",
            [.text(tenant), .text(purpose.rawValue), .text(subject)]
        ).first?.int64("last")
    }

    /// Uses up the live, unexpired secret `token`; nil when there is none.
    func redeem(token: String, _ purpose: Purpose, now: Int64) throws -> Redeemed? {
        try store.transaction {
            guard
                let row = try store.query(
                    """
                    SELECT * FROM auth_one_time_tokens
                    WHERE tenant = ? AND purpose = ? AND token_hash = ? AND used_at IS NULL AND expires_at > ?
                    """,
                    [
                        .text(tenant), .text(purpose.rawValue),
                        .text(AuthSecrets.hash(token, context: purpose.rawValue)),
                        .integer(now),
                    ]
                ).first, let id = row.int64("id")
            else { return nil }
            try markUsed(id, now: now)
            return Redeemed(subject: row.string("subject") ?? "", userID: row.string("user_id"))
        }
    }

    /// Checks `code` against the subject's live code, counting a wrong guess.
    func redeem(
        code: String, _ purpose: Purpose, subject: String, now: Int64, attempts: Int,
        guesses: (limit: Int, windowSeconds: Int)
    ) throws -> CodeOutcome {
        try store.transaction {
            // Wrong guesses across every code of this kind to this subject lately: a resend brings a fresh
            // code, not fresh guesses.
            let recentGuesses =
                try store.query(
                    """
                    SELECT COALESCE(SUM(attempts), 0) AS guesses FROM auth_one_time_tokens
                    WHERE tenant = ? AND purpose = ? AND subject = ? AND created_at > ?
                    """,
                    [
                        .text(tenant), .text(purpose.rawValue), .text(subject),
                        .integer(now - Int64(guesses.windowSeconds) * 1000),
                    ]
                ).first?.int("guesses") ?? 0
            if recentGuesses >= guesses.limit { return .exhausted }
            guard
                let row = try store.query(
                    """
                    SELECT * FROM auth_one_time_tokens
                    WHERE tenant = ? AND purpose = ? AND subject = ? AND used_at IS NULL AND code_hash IS NOT NULL
                    ORDER BY id DESC LIMIT 1
                    """, [.text(tenant), .text(purpose.rawValue), .text(subject)]
                ).first, let id = row.int64("id"), let stored = row.string("code_hash")
            else { return .missing }
            if (row.int("attempts") ?? 0) >= attempts { return .exhausted }
            if (row.int64("expires_at") ?? 0) <= now { return .expired }
            let given = AuthSecrets.hash(code, context: "\(purpose.rawValue):\(subject)")
            guard ConstantTime.isEqual(Data(given.utf8), Data(stored.utf8)) else {
                try store.execute(
                    "UPDATE auth_one_time_tokens SET attempts = attempts + 1 WHERE id = ?", [.integer(id)])
                return .wrong
            }
            try markUsed(id, now: now)
            return .accepted(Redeemed(subject: subject, userID: row.string("user_id")))
        }
    }

    /// Drops every unused secret of `userID` (the account is gone).
    func revokeAll(userID: String, now: Int64) throws {
        try store.execute(
            "UPDATE auth_one_time_tokens SET used_at = ? WHERE tenant = ? AND user_id = ? AND used_at IS NULL",
            [.integer(now), .text(tenant), .text(userID)])
    }

    private func markUsed(_ id: Int64, now: Int64) throws {
        try store.execute("UPDATE auth_one_time_tokens SET used_at = ? WHERE id = ?", [.integer(now), .integer(id)])
    }
}
