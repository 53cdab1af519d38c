import EmulatorCore
import ErrorCore

/// The auth service's contract errors (`palbase.md`, "Auth endpoints"), in one place so a code is spelled
/// once. Descriptions are for developers reading the envelope; none ever holds a token, code or password.
enum AuthErrors {
    static func badRequest(field: String, _ message: String) -> PalbaseHTTPError {
        PalbaseHTTPError(
            status: 400, code: "bad_request", description: "\(field): \(message)", details: details(field, message))
    }

    static func invalidEmail() -> PalbaseHTTPError {
        PalbaseHTTPError(
            status: 400, code: "invalid_email", description: "The email address is not valid",
            details: details("email", "Invalid email address"))
    }

    static func invalidPhone() -> PalbaseHTTPError {
        PalbaseHTTPError(
            status: 400, code: "invalid_phone", description: "The phone number must be E.164, e.g. +15551234567",
            details: details("phone", "Invalid phone number"))
    }

    static func passwordTooShort(minimum: Int, field: String) -> PalbaseHTTPError {
        PalbaseHTTPError(
            status: 400, code: "password_too_short", description: "Password must be at least \(minimum) characters",
            details: details(field, "Must be at least \(minimum) characters"))
    }

    static func passwordTooLong(maximum: Int, field: String) -> PalbaseHTTPError {
        PalbaseHTTPError(
            status: 400, code: "password_too_long", description: "Password must be at most \(maximum) characters",
            details: details(field, "Must be at most \(maximum) characters"))
    }

    static func passwordBreached(field: String) -> PalbaseHTTPError {
        PalbaseHTTPError(
            status: 400, code: "password_breached",
            description: "This password appears in known data breaches; choose another",
            details: details(field, "Password appears in known data breaches"))
    }

    static func emailTaken() -> PalbaseHTTPError {
        PalbaseHTTPError(
            status: 409, code: "email_taken", description: "An account with this email already exists",
            details: details("email", "Already registered"))
    }

    static func invalidCredentials() -> PalbaseHTTPError {
        PalbaseHTTPError(status: 401, code: "invalid_credentials", description: "Invalid email or password")
    }

    static func emailNotConfirmed() -> PalbaseHTTPError {
        PalbaseHTTPError(
            status: 403, code: "email_not_confirmed", description: "Confirm your email address before signing in")
    }

    static func invalidToken(_ description: String = "Missing or unknown access token") -> PalbaseHTTPError {
        PalbaseHTTPError(status: 401, code: "invalid_token", description: description)
    }

    static func tokenExpired() -> PalbaseHTTPError {
        PalbaseHTTPError(status: 401, code: "token_expired", description: "The access token has expired")
    }

    static func sessionRevoked() -> PalbaseHTTPError {
        PalbaseHTTPError(status: 401, code: "session_revoked", description: "The session has been revoked")
    }

    static func subjectFenced() -> PalbaseHTTPError {
        PalbaseHTTPError(status: 403, code: "subject_fenced", description: "This account is suspended")
    }

    static func refreshTokenInvalid() -> PalbaseHTTPError {
        PalbaseHTTPError(status: 401, code: "refresh_token_invalid", description: "Unknown refresh token")
    }

    static func refreshTokenReused() -> PalbaseHTTPError {
        PalbaseHTTPError(
            status: 401, code: "refresh_token_reused",
            description: "This refresh token was already used; every token of its session is revoked")
    }

    static func dpopInvalid(_ reason: String) -> PalbaseHTTPError {
        PalbaseHTTPError(status: 401, code: "dpop_invalid", description: "Invalid DPoP proof: \(reason)")
    }

    static func dpopKeyMismatch() -> PalbaseHTTPError {
        PalbaseHTTPError(
            status: 401, code: "dpop_key_mismatch",
            description: "The DPoP proof is signed with a different key than the session is bound to")
    }

    static func rateLimited(retryAfter seconds: Int) -> PalbaseHTTPError {
        PalbaseHTTPError(
            status: 429, code: "rate_limited", description: "Too many codes sent; retry in \(seconds) s",
            data: ["retry_after": .int(seconds)], headers: [("Retry-After", String(seconds))])
    }

    static func otpInvalid() -> PalbaseHTTPError {
        PalbaseHTTPError(status: 401, code: "otp_invalid", description: "The code is not valid")
    }

    static func otpExpired() -> PalbaseHTTPError {
        PalbaseHTTPError(status: 401, code: "otp_expired", description: "The code has expired; request a new one")
    }

    static func otpAttemptsExceeded() -> PalbaseHTTPError {
        PalbaseHTTPError(
            status: 401, code: "otp_attempts_exceeded", description: "Too many wrong codes; request a new one")
    }

    static func linkInvalid() -> PalbaseHTTPError {
        PalbaseHTTPError(status: 401, code: "link_invalid", description: "The link is invalid, expired or used")
    }

    static func tokenInvalid() -> PalbaseHTTPError {
        PalbaseHTTPError(status: 401, code: "token_invalid", description: "The token is invalid, expired or used")
    }

    static func passwordAlreadySet() -> PalbaseHTTPError {
        PalbaseHTTPError(
            status: 409, code: "password_already_set",
            description: "This account already has a password; change it with /auth/password/update")
    }

    static func reauthenticationRequired() -> PalbaseHTTPError {
        PalbaseHTTPError(
            status: 403, code: "reauthentication_required", description: "Sign in again (or step up), then retry")
    }

    static func reauthRequired(_ description: String) -> PalbaseHTTPError {
        PalbaseHTTPError(status: 403, code: "reauth_required", description: description)
    }

    static func invalidSettings(_ problems: [(field: String, message: String)]) -> PalbaseHTTPError {
        PalbaseHTTPError(
            status: 400, code: "invalid_settings",
            description: problems.map { "\($0.field): \($0.message)" }.joined(separator: "; "),
            details: .array(problems.map { .object(["field": .string($0.field), "message": .string($0.message)]) }))
    }

    private static func details(_ field: String, _ message: String) -> AnyCodableValue {
        [["field": .string(field), "message": .string(message)]]
    }
}
