import ErrorCore
import Foundation

/// The password lifecycle and email verification.
extension AuthNamespace {
    /// Emails `email` a password reset token. Signs nobody in; answers the same for an unknown address.
    public func resetPassword(email: String) async throws(AuthError) {
        _ = try await send(PBRequest(.post, ["auth/password/reset"], body: ["email": email]))
    }

    /// Sets `newPassword` with the emailed reset `token`. Signs nobody in: the user signs in afresh,
    /// and the account's other sessions are revoked.
    ///
    /// - Throws: ``AuthError/http(status:code:message:requestId:)`` with `token_invalid`, or a
    ///   password code (`password_too_short`, `password_too_long`, `password_breached`).
    public func confirmPasswordReset(token: String, newPassword: String) async throws(AuthError) {
        _ = try await send(
            PBRequest(.post, ["auth/password/reset/confirm"], body: ["token": token, "new_password": newPassword]))
    }

    /// Changes the signed-in account's password, proving the current one. The session stays valid.
    ///
    /// - Throws: ``AuthError/invalidCredentials(message:)`` when `currentPassword` is wrong or the
    ///   account has no password (use ``setPassword(_:)`` then).
    public func updatePassword(currentPassword: String, newPassword: String) async throws(AuthError) {
        _ = try await send(
            PBRequest(
                .post, ["auth/password/update"],
                body: ["current_password": currentPassword, "new_password": newPassword]))
    }

    /// Gives a passwordless account (passkey, social, phone, magic link) its first password. Needs a
    /// recent sign-in.
    ///
    /// - Throws: ``AuthError/http(status:code:message:requestId:)`` with `reauthentication_required`
    ///   (403) on a session that is not recent, `password_already_set` (409) when the account has a
    ///   password (use ``updatePassword(currentPassword:newPassword:)``), or a password code.
    public func setPassword(_ password: String) async throws(AuthError) {
        _ = try await send(PBRequest(.post, ["auth/password/set"], body: ["password": password]))
    }

    /// Confirms an email address with the token from a verification link.
    ///
    /// - Throws: ``AuthError/http(status:code:message:requestId:)`` with `token_invalid`.
    public func verifyEmail(token: String) async throws(AuthError) {
        _ = try await send(PBRequest(.post, ["auth/verify-email"], body: ["token": token]))
    }

    /// Confirms `email` with the short code the user typed.
    ///
    /// - Throws: ``AuthError/http(status:code:message:requestId:)`` with `token_invalid`.
    public func verifyEmail(code: String, email: String) async throws(AuthError) {
        _ = try await send(PBRequest(.post, ["auth/verify-email"], body: ["code": code, "email": email]))
    }

    /// Sends `email` a new verification link and code, if its account is not verified yet.
    public func resendVerification(email: String) async throws(AuthError) {
        _ = try await send(PBRequest(.post, ["auth/resend-verification"], body: ["email": email]))
    }
}
