import EmulatorCore
import ErrorCore
import Foundation

extension AuthController {
    /// POST `/auth/signup` `{email,password}` → session (DPoP-bound), and a verification email.
    func signUp() throws -> PalbaseResponse {
        let proof = try context.proof(required: true)
        let body = try context.body()
        let email = try AuthContext.email(try body.string("email"))
        let password = try body.string("password", allowEmpty: true)
        try context.settings.validate(password: password, field: "password")
        if try context.users.user(email: email) != nil { throw AuthErrors.emailTaken() }
        let user = AuthUser(email: email, passwordHash: try hash(password), createdAt: now)
        return try context.store.transaction {
            try context.users.insert(user)
            try sendVerification(to: user)
            return try context.mintSession(for: user, proof: proof)
        }
    }

    /// POST `/auth/login` `{email,password}` → session (DPoP-bound), or `{"mfa_required":true,"mfa_token",
    /// "factors"}` for an account with a second factor; 401 `invalid_credentials`, 403 `email_not_confirmed`
    /// when the settings require a confirmed email.
    func logIn() throws -> PalbaseResponse {
        let proof = try context.proof(required: true)
        let body = try context.body()
        let email = try body.string("email").trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        let password = try body.string("password", allowEmpty: true)
        let throttle = PasswordThrottle(context: context)
        try throttle.check("login:" + email)
        guard let user = try context.users.user(email: email), user.deletedAt == nil,
            let stored = user.passwordHash.flatMap(PasswordHash.init(stored:))
        else {
            _ = try decoy().matches(password)
            try throttle.recordFailure("login:" + email)
            throw AuthErrors.invalidCredentials()
        }
        guard stored.matches(password) else {
            try throttle.recordFailure("login:" + email)
            throw AuthErrors.invalidCredentials()
        }
        if context.settings.confirmEmailRequired && !user.emailVerified { throw AuthErrors.emailNotConfirmed() }
        if user.fenced { throw AuthErrors.subjectFenced() }
        // A second factor is asked for on every rail that mints a session, this one included.
        guard user.mfaFactors.isEmpty else { return try mfaChallenge(for: user) }
        return try context.mintSession(for: user, proof: proof)
    }

    /// POST `/auth/password/reset` `{email}` → 204 whether or not the account exists; an existing one is
    /// emailed a reset token.
    func requestPasswordReset() throws -> PalbaseResponse {
        let email = try AuthContext.email(try context.body().string("email"))
        if let user = try context.users.user(email: email), user.deletedAt == nil {
            try sendLink(
                .passwordReset, to: email, userID: user.id, subject: "Reset your password",
                lifetime: policy.passwordResetLifetime)
        }
        return .noContent
    }

    /// POST `/auth/password/reset/confirm` `{token,new_password}` → 204; 401 `token_invalid`. Every session
    /// of the account is revoked: whoever knew the old password is signed out.
    func confirmPasswordReset() throws -> PalbaseResponse {
        let body = try context.body()
        let token = try body.string("token")
        let password = try body.string("new_password", allowEmpty: true)
        try context.settings.validate(password: password, field: "new_password")
        let stored = try hash(password)
        try context.store.transaction {
            guard let redeemed = try context.secrets.redeem(token: token, .passwordReset, now: now),
                let userID = redeemed.userID, var user = try context.users.user(id: userID), user.deletedAt == nil
            else { throw AuthErrors.tokenInvalid() }
            user.passwordHash = stored
            try context.users.update(user)
            try context.sessions.revokeAll(userID: user.id, reason: "password_reset", now: now)
        }
        return .noContent
    }

    /// POST `/auth/password/update` `{current_password,new_password}` → 204; 401 `invalid_credentials` when
    /// the current password is wrong or the account has none. The caller's session stays valid; every
    /// other session of the account is revoked (`password_changed`).
    func updatePassword() throws -> PalbaseResponse {
        var (session, user) = try context.caller()
        let body = try context.body()
        let current = try body.string("current_password", allowEmpty: true)
        let password = try body.string("new_password", allowEmpty: true)
        let throttle = PasswordThrottle(context: context)
        try throttle.check("user:" + user.id)
        guard let stored = user.passwordHash.flatMap(PasswordHash.init(stored:)), stored.matches(current) else {
            try throttle.recordFailure("user:" + user.id)
            throw AuthErrors.invalidCredentials()
        }
        try context.settings.validate(password: password, field: "new_password")
        user.passwordHash = try hash(password)
        try context.store.transaction {
            try context.users.update(user)
            // Whoever knew the old password is signed out everywhere else, as a reset signs out everyone.
            try context.sessions.revokeOthers(
                userID: user.id, keeping: session.id, reason: "password_changed", now: now)
        }
        return .noContent
    }

    /// POST `/auth/password/set` `{password}` → 204 for a passwordless account on a recent session; 409
    /// `password_already_set`, 403 `reauthentication_required`.
    func setPassword() throws -> PalbaseResponse {
        let (session, caller) = try context.caller()
        var user = caller
        let password = try context.body().string("password", allowEmpty: true)
        if user.hasPassword { throw AuthErrors.passwordAlreadySet() }
        guard context.isRecent(session) else { throw AuthErrors.reauthenticationRequired() }
        try context.settings.validate(password: password, field: "password")
        user.passwordHash = try hash(password)
        try context.users.update(user)
        return .noContent
    }
}
