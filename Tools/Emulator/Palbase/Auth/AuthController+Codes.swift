import EmulatorCore
import ErrorCore
import Foundation

extension AuthController {
    /// POST `/auth/otp` `{phone,channel:"sms"}` → 204 and a six-digit code by SMS; 429 `rate_limited` with
    /// `Retry-After` when the phone was sent one less than `AuthPolicy.otpResendInterval` ago.
    func sendOTP() throws -> PalbaseResponse {
        let body = try context.body()
        let phone = try AuthContext.phone(try body.string("phone"))
        if let channel = try body.optionalString("channel"), channel != "sms" {
            throw AuthErrors.badRequest(field: "channel", "Only sms is supported")
        }
        if let wait = try resendWait(.otp, to: phone) {
            throw AuthErrors.rateLimited(retryAfter: Int((wait + 999) / 1000))
        }
        let code = AuthSecrets.code()
        try context.secrets.issue(
            .otp, subject: phone, userID: try context.users.user(phone: phone)?.id, token: nil, code: code, now: now,
            lifetime: policy.otpLifetime)
        try context.inbox.deliver(
            InboxMessage(
                channel: .sms, to: phone, body: "Your sign-in code is \(code)", metadata: ["kind": "otp", "code": code])
        )
        return .noContent
    }

    /// POST `/auth/otp/verify` `{phone,token}` → session, registering the phone on first use; 401
    /// `otp_invalid`, `otp_expired`, `otp_attempts_exceeded`.
    func verifyOTP() throws -> PalbaseResponse {
        let proof = try context.proof(required: false)
        let body = try context.body()
        let phone = try AuthContext.phone(try body.string("phone"))
        let code = try body.string("token")
        switch try context.secrets.redeem(
            code: code, .otp, subject: phone, now: now, attempts: policy.codeAttempts, guesses: policy.codeGuesses)
        {
        case .missing, .wrong: throw AuthErrors.otpInvalid()
        case .expired: throw AuthErrors.otpExpired()
        case .exhausted: throw AuthErrors.otpAttemptsExceeded()
        case .accepted: break
        }
        return try context.store.transaction {
            let user: AuthUser
            if let existing = try context.users.user(phone: phone) {
                user = existing
            } else {
                user = AuthUser(phone: phone, createdAt: now)
                try context.users.insert(user)
            }
            if user.fenced { throw AuthErrors.subjectFenced() }
            guard user.mfaFactors.isEmpty else { return try mfaChallenge(for: user) }
            return try context.mintSession(for: user, proof: proof)
        }
    }

    /// POST `/auth/magic-link` `{email}` → 204 and a sign-in link by email (the account is created when the
    /// link is used).
    func sendMagicLink() throws -> PalbaseResponse {
        let email = try AuthContext.email(try context.body().string("email"))
        try sendLink(
            .magicLink, to: email, userID: try context.users.user(email: email)?.id, subject: "Your sign-in link",
            lifetime: policy.magicLinkLifetime)
        return .noContent
    }

    /// POST `/auth/magic-link/verify` `{token}` → session, or `{"mfa_required":true,"mfa_token","factors"}`
    /// (and no session) for an account with a second factor; 401 `link_invalid`. Using the link verifies the
    /// email address.
    func verifyMagicLink() throws -> PalbaseResponse {
        let proof = try context.proof(required: false)
        let token = try context.body().string("token")
        return try context.store.transaction {
            guard let redeemed = try context.secrets.redeem(token: token, .magicLink, now: now) else {
                throw AuthErrors.linkInvalid()
            }
            var user: AuthUser
            if let existing = try context.users.user(email: redeemed.subject) {
                user = existing
                if !user.emailVerified {
                    user.emailVerified = true
                    try context.users.update(user)
                }
            } else {
                user = AuthUser(email: redeemed.subject, emailVerified: true, createdAt: now)
                try context.users.insert(user)
            }
            if user.fenced { throw AuthErrors.subjectFenced() }
            guard user.mfaFactors.isEmpty else { return try mfaChallenge(for: user) }
            return try context.mintSession(for: user, proof: proof)
        }
    }

    /// POST `/auth/verify-email` `{token}` or `{code,email}` → 204; 401 `token_invalid` for anything that
    /// does not verify (unknown, expired, used, or a code after too many wrong guesses).
    func verifyEmail() throws -> PalbaseResponse {
        let body = try context.body()
        let redeemed: AuthOneTimeTokens.Redeemed
        if let token = try body.optionalString("token") {
            guard let found = try context.secrets.redeem(token: token, .emailVerification, now: now) else {
                throw AuthErrors.tokenInvalid()
            }
            redeemed = found
        } else {
            let code = try body.string("code")
            let email = try AuthContext.email(try body.string("email"))
            let outcome = try context.secrets.redeem(
                code: code, .emailVerification, subject: email, now: now, attempts: policy.codeAttempts,
                guesses: policy.codeGuesses)
            guard case .accepted(let found) = outcome else { throw AuthErrors.tokenInvalid() }
            redeemed = found
        }
        guard let userID = redeemed.userID, var user = try context.users.user(id: userID),
            user.deletedAt == nil, user.email == redeemed.subject
        else { throw AuthErrors.tokenInvalid() }
        user.emailVerified = true
        try context.users.update(user)
        return .noContent
    }

    /// POST `/auth/resend-verification` `{email}` → 204; an unverified account gets a new token and code,
    /// at most one per `AuthPolicy.otpResendInterval` (inside it nothing is sent, and the answer is the
    /// same 204, so it says nothing about whether the address has an account).
    func resendVerification() throws -> PalbaseResponse {
        let email = try AuthContext.email(try context.body().string("email"))
        if let user = try context.users.user(email: email), user.deletedAt == nil, !user.emailVerified {
            if try resendWait(.emailVerification, to: email) != nil { return .noContent }
            try sendVerification(to: user)
        }
        return .noContent
    }

    /// The milliseconds until `subject` may be sent another code of `purpose`: the last one went out less
    /// than `AuthPolicy.otpResendInterval` ago. Nil when one may go now.
    private func resendWait(_ purpose: AuthOneTimeTokens.Purpose, to subject: String) throws -> Int64? {
        let interval = Int64(policy.otpResendInterval) * 1000
        guard let last = try context.secrets.lastIssued(purpose, subject: subject), now - last < interval else {
            return nil
        }
        return last + interval - now
    }

    /// `{"mfa_required":true,"mfa_token","factors"}` for an account with a second factor, instead of a session:
    /// what every sign-in rail answers such an account (a magic link, an OAuth code).
    func mfaChallenge(for user: AuthUser) throws -> PalbaseResponse {
        let mfaToken = AuthSecrets.token("mfa_")
        try context.secrets.issue(
            .mfa, subject: user.id, userID: user.id, token: mfaToken, code: nil, now: now, lifetime: policy.recentWindow
        )
        return .json([
            "mfa_required": true, "mfa_token": .string(mfaToken),
            "factors": .array(user.mfaFactors.map(AnyCodableValue.string)),
        ])
    }
}
