import ErrorCore
import Foundation

/// The two-step rails: a phone code, and a magic link.
extension AuthNamespace {
    /// Sends a one-time sign-in code to `phone` (E.164, `+15551234567`). No session yet.
    ///
    /// - Throws: ``AuthError/rateLimited(retryAfter:)`` when a code was sent to that phone moments ago.
    public func signInWithOTP(phone: String, channel: OTPChannel = .sms) async throws(AuthError) {
        _ = try await send(
            PBRequest(.post, ["auth/otp"], body: ["phone": phone, "channel": channel.rawValue]))
    }

    /// Signs in with the code sent to `phone`, registering the phone on first use.
    ///
    /// - Throws: ``AuthError/http(status:code:message:requestId:)`` with `otp_invalid`, `otp_expired`
    ///   or `otp_attempts_exceeded`, which ``AuthError/otpFailure`` classifies.
    @discardableResult
    public func verifyOTP(phone: String, token: String) async throws(AuthError) -> AuthSuccess {
        try await signIn(with: PBRequest(.post, ["auth/otp/verify"], body: ["phone": phone, "token": token]))
    }

    /// Emails `email` a sign-in link. No session yet; the account is created when the link is used.
    public func signInWithMagicLink(email: String) async throws(AuthError) {
        _ = try await send(PBRequest(.post, ["auth/magic-link"], body: ["email": email]))
    }

    /// Completes a magic-link sign-in with the link's `token`.
    ///
    /// An account with a second factor answers ``MagicLinkResult/mfaRequired(token:factors:)``:
    /// no session is created and no event fires.
    ///
    /// - Throws: ``AuthError/http(status:code:message:requestId:)`` with `link_invalid` for an
    ///   unknown, used or expired link.
    public func verifyMagicLink(token: String) async throws(AuthError) -> MagicLinkResult {
        let delivery = try await send(PBRequest(.post, ["auth/magic-link/verify"], body: ["token": token]))
        if let challenge = try MFAChallengeAnswer.challenge(in: delivery) {
            return .mfaRequired(token: challenge.token, factors: challenge.factors)
        }
        let response = try decode(delivery, as: SessionResponse.self)
        await session.adopt(response.session)
        return .signedIn(AuthSuccess(user: response.user))
    }
}
