/// The path rules of the Palbase contract that change what a request carries.
enum RequestRoutes {
    /// Paths that never carry a bearer, so a stale token cannot break a sign-in.
    static let unauthenticated: Set<String> = [
        "/auth/signup", "/auth/login", "/auth/token/refresh", "/auth/password/reset", "/auth/password/reset/confirm",
        "/auth/magic-link", "/auth/magic-link/verify", "/auth/verify-email", "/auth/resend-verification",
        "/auth/anonymous", "/auth/oauth/credential",
    ]

    /// The allowlisted paths that still carry a DPoP proof, because they bind the session.
    static let dpopBound: Set<String> = [
        "/auth/login", "/auth/signup", "/auth/token/refresh",
        "/auth/passkey/verify",
    ]

    /// Path prefixes whose request bodies are sealed.
    static let sealedPrefixes = ["/auth", "/v1/db", "/v1/docs", "/v1/user-flags", "/v1/notifications", "/v1/analytics"]

    /// Whether `path` (leading slash, no query) is on the unauthenticated allowlist. A trailing slash
    /// does not escape the list.
    static func isUnauthenticated(_ path: String) -> Bool {
        unauthenticated.contains(normalized(path))
    }

    /// Whether a request to `path` carries a DPoP proof.
    static func carriesDPoP(_ path: String) -> Bool {
        dpopBound.contains(normalized(path))
    }

    /// Whether a body sent to `path` must be sealed: the prefix itself or anything below it
    /// (`/v1/docs/notes`, not `/v1/docsx`).
    static func requiresSealing(_ path: String) -> Bool {
        sealedPrefixes.contains { path == $0 || path.hasPrefix($0 + "/") }
    }

    private static func normalized(_ path: String) -> String {
        var path = path
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        return path
    }
}
