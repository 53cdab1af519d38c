import EmulatorCore
import ErrorCore
import Foundation

extension AuthController {
    /// POST `/auth/anonymous` `{}` → a session for a new account with no email, phone or password.
    func signInAnonymously() throws -> PalbaseResponse {
        let proof = try context.proof(required: false)
        _ = try context.body()
        let user = AuthUser(isAnonymous: true, createdAt: now)
        return try context.store.transaction {
            try context.users.insert(user)
            return try context.mintSession(for: user, proof: proof)
        }
    }

    /// POST `/auth/token/refresh` `{refresh_token}` → the session with both tokens rotated.
    ///
    /// The proof must be signed by the key the session is bound to (401 `dpop_key_mismatch`); a session
    /// minted without a proof binds to the first refresh's key. A used refresh token is 401
    /// `refresh_token_reused` and revokes the whole session.
    func refresh() throws -> PalbaseResponse {
        guard let proof = try context.proof(required: true) else { throw AuthErrors.dpopInvalid("missing") }
        let token = try context.body().string("refresh_token")
        let (_, tokens, user) = try context.sessions.refresh(token, thumbprint: proof.thumbprint, now: now)
        return context.sessionResponse(user, tokens)
    }

    /// POST `/auth/logout` `{}` → 204, revoking the caller's session. An expired or already revoked token still
    /// signs out; only a missing or unknown one is 401 `invalid_token`.
    func logOut() throws -> PalbaseResponse {
        guard let found = try context.sessions.lookup(context.request.headers["Authorization"]) else {
            throw AuthErrors.invalidToken()
        }
        try context.sessions.revoke(sessionID: found.0.id, reason: "logout", now: now)
        return .noContent
    }

    /// GET `/auth/me` → `{"user","has_password","providers"}`.
    func me() throws -> PalbaseResponse {
        let (_, user) = try context.caller()
        return .json([
            "user": user.json, "has_password": .bool(user.hasPassword),
            "providers": .array(
                (user.providers
                    + (try AuthService.linkedProviders(
                        userID: user.id, tenant: context.request.tenant, store: context.store)))
                    .map(AnyCodableValue.string)),
        ])
    }

    /// POST `/auth/account/delete` `{password?}` → 202: the account is erased (email, phone and password
    /// dropped, so the address can sign up again) and every session revoked.
    ///
    /// A password account must pass its password; a passwordless one needs a recent session. Otherwise 403
    /// `reauth_required`.
    func deleteAccount() throws -> PalbaseResponse {
        let (session, caller) = try context.caller()
        let password = try context.body().optionalString("password")
        if let stored = caller.passwordHash.flatMap(PasswordHash.init(stored:)) {
            guard let password else { throw AuthErrors.reauthRequired("Pass the account's password to delete it") }
            guard stored.matches(password) else { throw AuthErrors.reauthRequired("The password is not correct") }
        } else if !context.isRecent(session) {
            throw AuthErrors.reauthRequired("Sign in again, then delete the account")
        }
        var user = caller
        user.email = nil
        user.phone = nil
        user.passwordHash = nil
        user.mfaFactors = []
        user.givenName = nil
        user.familyName = nil
        user.deletedAt = now
        try context.store.transaction {
            try context.users.update(user)
            try context.sessions.revokeAll(userID: user.id, reason: "account_deleted", now: now)
            try context.secrets.revokeAll(userID: user.id, now: now)
        }
        return PalbaseResponse(status: 202)
    }
}
