import EmulatorCore
import Foundation

/// The passkey challenges and credentials of one tenant, in `auth_passkey_challenges` and `auth_passkeys`.
///
/// A challenge is redeemed before anything else about an answer is checked, in a statement of its own, so a
/// verification that fails afterwards still uses it up: a challenge is good for one attempt, not one success.
struct PasskeyStore {
    /// What a challenge was issued for.
    enum Purpose: String, CaseIterable {
        case register, login, signup
        case stepUp = "step_up"

        /// Whether the ceremony creates a credential (`webauthn.create`) rather than using one (`webauthn.get`).
        var creates: Bool { self == .register || self == .signup }
    }

    /// A redeemed challenge: what it was issued for and to whom.
    struct Challenge {
        let purpose: Purpose
        let rpID: String
        let userID: String?
        let sessionID: String?
        let email: String?
    }

    /// A stored credential.
    struct Credential {
        let id: String
        let userID: String
        let rpID: String
        /// The 65-byte uncompressed P-256 point.
        let publicKey: Data
        let signCount: UInt32
    }

    let tenant: String
    let store: SQLiteDatabase

    /// Stores the hash of a fresh challenge for `purpose`.
    func issue(
        _ challenge: String, purpose: Purpose, rpID: String, userID: String?, sessionID: String?, email: String?,
        now: Int64, lifetime: Int
    ) throws {
        try store.execute(
            """
            INSERT INTO auth_passkey_challenges (tenant, challenge_hash, purpose, rp_id, user_id, session_id, email,
                created_at, expires_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                .text(tenant), .text(AuthSecrets.hash(challenge, context: "passkey")), .text(purpose.rawValue),
                .text(rpID), SQLiteValue(userID), SQLiteValue(sessionID), SQLiteValue(email), .integer(now),
                .integer(now + Int64(lifetime) * 1000),
            ])
    }

    /// Uses up `challenge` when it is live, unexpired and was issued for `purpose`; nil otherwise. A challenge
    /// presented for another purpose is used up too: whoever holds it is not following the protocol.
    func redeem(_ challenge: String, purpose: Purpose, now: Int64) throws -> Challenge? {
        let hash = AuthSecrets.hash(challenge, context: "passkey")
        let row = try store.transaction { () throws -> SQLiteRow? in
            guard
                let row = try store.query(
                    """
                    SELECT * FROM auth_passkey_challenges
                    WHERE tenant = ? AND challenge_hash = ? AND used_at IS NULL AND expires_at > ?
                    """, [.text(tenant), .text(hash), .integer(now)]
                ).first
            else { return nil }
            try store.execute(
                "UPDATE auth_passkey_challenges SET used_at = ? WHERE tenant = ? AND challenge_hash = ?",
                [.integer(now), .text(tenant), .text(hash)])
            return row
        }
        guard let row, row.string("purpose") == purpose.rawValue else { return nil }
        return Challenge(
            purpose: purpose, rpID: row.string("rp_id") ?? "", userID: row.string("user_id"),
            sessionID: row.string("session_id"), email: row.string("email"))
    }

    /// The credential with `id`, whoever it belongs to.
    func credential(id: String) throws -> Credential? {
        guard
            let row = try store.query(
                "SELECT * FROM auth_passkeys WHERE tenant = ? AND id = ?", [.text(tenant), .text(id)]
            ).first, let key = row.data("public_key")
        else { return nil }
        return Credential(
            id: id, userID: row.string("user_id") ?? "", rpID: row.string("rp_id") ?? "", publicKey: key,
            signCount: UInt32(clamping: row.int64("sign_count") ?? 0))
    }

    /// Stores a new credential under its optional display `name`. The caller refuses an id seen before.
    func insert(_ credential: Credential, name: String?, now: Int64) throws {
        try store.execute(
            """
            INSERT INTO auth_passkeys (tenant, id, user_id, rp_id, public_key, sign_count, name, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                .text(tenant), .text(credential.id), .text(credential.userID), .text(credential.rpID),
                .blob(credential.publicKey), .integer(Int64(credential.signCount)), SQLiteValue(name), .integer(now),
            ])
    }

    /// Records an accepted assertion's sign count.
    func recordUse(of id: String, signCount: UInt32, now: Int64) throws {
        // The count is checked again in the same statement that stores it: two assertions verified at
        // once against the same stored count cannot both be recorded (a cloned authenticator's race).
        let recorded = try store.query(
            """
            UPDATE auth_passkeys SET sign_count = ?, last_used_at = ?
            WHERE tenant = ? AND id = ? AND (sign_count < ? OR (sign_count = 0 AND ? = 0)) RETURNING id
            """,
            [
                .integer(Int64(signCount)), .integer(now), .text(tenant), .text(id), .integer(Int64(signCount)),
                .integer(Int64(signCount)),
            ])
        guard !recorded.isEmpty else {
            throw AuthErrors.passkeyInvalid("the sign count did not increase (a cloned authenticator?)")
        }
    }

    /// How many credentials `userID` has.
    func count(userID: String) throws -> Int {
        try store.query(
            "SELECT COUNT(*) AS n FROM auth_passkeys WHERE tenant = ? AND user_id = ?", [.text(tenant), .text(userID)]
        ).first?.int("n") ?? 0
    }
}
