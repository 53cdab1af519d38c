import EmulatorCore
import ErrorCore
import Foundation

/// The emulated Palbase auth service (part 1 of `palbase.md`'s auth table), mounted at `/` as one
/// `PalbaseRouteHandler`: email and password, anonymous sessions, SMS codes, magic links, the password
/// lifecycle, email verification and account deletion, with DPoP-bound sessions whose refresh tokens rotate.
///
/// Everything it "sends" lands in the emulator inbox; its settings, clock offset, users and sessions are
/// reached through the admin API under `/__emulator/auth/` (`AuthAdminRoutes`). Data belongs to
/// `PalbaseRequest.tenant`. Safe to share across tasks.
package final class AuthService: PalbaseRouteHandler {
    /// The lifetimes, limits and hash cost in force.
    package let policy: AuthPolicy
    /// The service's time: expiry of tokens, codes and links, and the recent window (admin `auth/clock`).
    package let clock: EmulatorClock
    /// The simulated providers' ID-token keys (`/__providers/<provider>/jwks`), new with each service.
    let providerKeys = SimulatedProviderKeys()
    private let decoy = Locked<PasswordHash?>(nil)

    /// Creates the service. `clock` is the real time; the admin clock offset moves the service's own time
    /// (token, code and link expiry, the recent window) but never the DPoP `iat` check, which compares
    /// with the client's real clock.
    package init(policy: AuthPolicy = AuthPolicy(), clock: @escaping @Sendable () -> Date = { Date() }) {
        self.policy = policy
        self.clock = EmulatorClock(real: clock)
    }

    /// The service's current time in milliseconds since the epoch: the real time plus the offset.
    var now: Int64 { clock.nowMilliseconds }

    /// The auth tables, versions 200–299.
    package var migrations: [Migration] { AuthMigrations.all }

    /// The clock offset goes back to 0 with the emptied tables.
    package func didReset(store: SQLiteDatabase) throws {
        clock.offsetSeconds = 0
    }

    /// The environment's `passkey_apple_apps`, for the association file.
    package func webCredentialApps(tenant: String, store: SQLiteDatabase) throws -> [String] {
        try AuthSettings.load(tenant: tenant, store: store).passkeyAppleApps
    }

    /// The user a data route's bearer names; throws 401 `token_expired`, `invalid_token`, `session_revoked`
    /// or 403 `subject_fenced` for anything but a live session's access token.
    package func subject(of request: PalbaseRequest, store: SQLiteDatabase) throws -> String? {
        let sessions = AuthSessionStore(tenant: request.tenant, store: store, policy: policy)
        return try sessions.authenticate(request.headers["Authorization"], now: now).1.id
    }

    /// Answers an auth route, or nil when the path is not one.
    package func handle(_ request: PalbaseRequest, store: SQLiteDatabase) async throws -> PalbaseResponse? {
        if let response = try handleOAuth(request, store: store) { return response }
        guard let route = try AuthRoute.match(method: request.method, segments: request.segments) else { return nil }
        let context = AuthContext(
            request: request, store: store, policy: policy, now: now, realNow: clock.realSeconds,
            settings: try AuthSettings.load(tenant: request.tenant, store: store))
        let controller = AuthController(context: context, decoy: decoyHash)
        switch route {
        case .signup: return try controller.signUp()
        case .login: return try controller.logIn()
        case .anonymous: return try controller.signInAnonymously()
        case .refresh: return try controller.refresh()
        case .logout: return try controller.logOut()
        case .me: return try controller.me()
        case .otp: return try controller.sendOTP()
        case .otpVerify: return try controller.verifyOTP()
        case .magicLink: return try controller.sendMagicLink()
        case .magicLinkVerify: return try controller.verifyMagicLink()
        case .passwordReset: return try controller.requestPasswordReset()
        case .passwordResetConfirm: return try controller.confirmPasswordReset()
        case .passwordUpdate: return try controller.updatePassword()
        case .passwordSet: return try controller.setPassword()
        case .verifyEmail: return try controller.verifyEmail()
        case .resendVerification: return try controller.resendVerification()
        case .deleteAccount: return try controller.deleteAccount()
        case .passkeyOptions: return try controller.passkeyOptions()
        case .passkeyVerify: return try controller.passkeyVerify()
        }
    }

    /// A hash of a random password, checked when a sign-in names no account, so an unknown email takes as
    /// long to refuse as a wrong password. Made on first use, at the policy's cost.
    private func decoyHash() throws -> PasswordHash {
        if let existing = decoy.withLock({ $0 }) { return existing }
        let fresh = try PasswordHash(hashing: AuthSecrets.token(""), iterations: policy.passwordIterations)
        return decoy.withLock { stored in
            if stored == nil { stored = fresh }
            return stored ?? fresh
        }
    }
}
