import EmulatorCore
import ErrorCore
import Foundation

/// What one auth request works with: the request, the stores, the service's time and the tenant's settings.
struct AuthContext {
    let request: PalbaseRequest
    let store: SQLiteDatabase
    let policy: AuthPolicy
    /// The service's time (real time plus the admin offset), in milliseconds.
    let now: Int64
    /// The real time in seconds, for the DPoP `iat` window.
    let realNow: TimeInterval
    let settings: AuthSettings

    var users: AuthUserStore { AuthUserStore(tenant: request.tenant, store: store) }
    var sessions: AuthSessionStore { AuthSessionStore(tenant: request.tenant, store: store, policy: policy) }
    var secrets: AuthOneTimeTokens { AuthOneTimeTokens(tenant: request.tenant, store: store) }
    var inbox: EmulatorInbox { EmulatorInbox(store: store) }

    /// The body as a JSON object.
    func body() throws -> AuthBody {
        try AuthBody(request.body)
    }

    /// The request's verified DPoP proof, its `jti` now spent; nil when there is none and none is required.
    ///
    /// Throws 401 `dpop_invalid` for a missing required proof, a malformed or forged one, a replayed `jti`
    /// or an `iat` outside the window.
    func proof(required: Bool) throws -> DPoPProof? {
        guard let header = request.headers[DPoPProof.header] else {
            if required { throw AuthErrors.dpopInvalid("the request carries no DPoP header") }
            return nil
        }
        let proof = try DPoPProof(
            header, method: request.method, path: request.path, host: request.headers["Host"], now: realNow,
            window: policy.dpopWindow)
        try DPoPReplayCache(tenant: request.tenant, store: store).record(proof, now: realNow, window: policy.dpopWindow)
        return proof
    }

    /// The signed-in caller, from the bearer token.
    func caller() throws -> (session: AuthSession, user: AuthUser) {
        try sessions.authenticate(request.headers["Authorization"], now: now)
    }

    /// Whether the session's sign-in is within the recent window.
    func isRecent(_ session: AuthSession) -> Bool {
        now - session.authenticatedAt <= Int64(policy.recentWindow) * 1000
    }

    /// A new session for `user` and the contract's session response.
    func mintSession(for user: AuthUser, proof: DPoPProof?) throws -> PalbaseResponse {
        let (_, tokens) = try sessions.mint(userID: user.id, thumbprint: proof?.thumbprint, now: now)
        return sessionResponse(user, tokens)
    }

    /// `{"access_token","token_type":"Bearer","expires_in","expires_at","refresh_token","user"}`.
    func sessionResponse(_ user: AuthUser, _ tokens: AuthSessionStore.Tokens) -> PalbaseResponse {
        .json([
            "access_token": .string(tokens.accessToken), "token_type": "Bearer",
            "expires_in": .int(policy.accessTokenLifetime), "expires_at": .int(Int(tokens.expiresAt / 1000)),
            "refresh_token": .string(tokens.refreshToken), "user": user.json,
        ])
    }

    /// A link to `/auth/confirm` carrying `token`, under the `site_url` setting or the emulator's own origin.
    func link(_ kind: String, token: String) -> String {
        var base = settings.siteURL ?? "http://\(request.headers["Host"] ?? "127.0.0.1")"
        while base.hasSuffix("/") { base.removeLast() }
        return "\(base)/auth/confirm?type=\(kind)&token=\(token)"
    }

    /// `raw` trimmed and lowercased when it looks like an email address; throws 400 `invalid_email`.
    static func email(_ raw: String) throws -> String {
        let email = raw.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard email.utf8.count <= 254, parts.count == 2, !parts[0].isEmpty, parts[1].contains("."),
            !parts[1].hasPrefix("."), !parts[1].hasSuffix("."), !email.contains(where: \.isWhitespace)
        else { throw AuthErrors.invalidEmail() }
        return email
    }

    /// `raw` when it is an E.164 number (`+`, then 7 to 15 digits not starting with 0); throws 400
    /// `invalid_phone`.
    static func phone(_ raw: String) throws -> String {
        let digits = raw.dropFirst()
        guard raw.hasPrefix("+"), (7...15).contains(digits.count), digits.first != "0",
            digits.allSatisfy({ $0.isASCII && $0.isNumber })
        else { throw AuthErrors.invalidPhone() }
        return raw
    }
}
