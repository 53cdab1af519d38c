import EmulatorCore

/// One endpoint of the auth service (part 1 of the contract table), matched from a method and the decoded
/// path segments. OAuth is routed before this table (`AuthService+OAuth`).
enum AuthRoute: Sendable, Equatable {
    case signup, login, anonymous, refresh, logout, me
    case otp, otpVerify, magicLink, magicLinkVerify
    case passwordReset, passwordResetConfirm, passwordUpdate, passwordSet
    case verifyEmail, resendVerification, deleteAccount
    case passkeyOptions, passkeyVerify

    /// The path below `/auth/` → its one method and route.
    private static let table: [String: (method: String, route: AuthRoute)] = [
        "signup": ("POST", .signup), "login": ("POST", .login), "anonymous": ("POST", .anonymous),
        "token/refresh": ("POST", .refresh), "logout": ("POST", .logout), "me": ("GET", .me),
        "otp": ("POST", .otp), "otp/verify": ("POST", .otpVerify), "magic-link": ("POST", .magicLink),
        "magic-link/verify": ("POST", .magicLinkVerify), "password/reset": ("POST", .passwordReset),
        "password/reset/confirm": ("POST", .passwordResetConfirm), "password/update": ("POST", .passwordUpdate),
        "password/set": ("POST", .passwordSet), "verify-email": ("POST", .verifyEmail),
        "resend-verification": ("POST", .resendVerification), "account/delete": ("POST", .deleteAccount),
        "passkey/options": ("POST", .passkeyOptions), "passkey/verify": ("POST", .passkeyVerify),
    ]

    /// The route at `segments`, nil when the path is not an auth route; 405 `method_not_allowed` when it is
    /// one with another method.
    static func match(method: String, segments: [String]) throws -> AuthRoute? {
        guard segments.first == "auth", let entry = table[segments.dropFirst().joined(separator: "/")] else {
            return nil
        }
        guard entry.method == method else { throw PalbaseHTTPError.methodNotAllowed(method, allowed: [entry.method]) }
        return entry.route
    }
}
