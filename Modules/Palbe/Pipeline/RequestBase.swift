import ErrorCore
import Foundation

// Where requests go: the base URL they resolve against, and the contract's path rules that change what
// a request carries.

// MARK: - RequestBase

/// What every request of one client shares, worked out once when the client is made rather than on
/// every call: whether the configuration is usable, the base URL as text, its path (the sealing AAD's
/// prefix) and the identity headers.
///
/// `pb.call` sits on an app's hot path; Foundation's URL and string APIs are slow on Linux, so per-call
/// work is kept to joining strings.
struct RequestBase: Sendable {
    /// ``PalbeConfiguration/isUsable`` of the configuration.
    let isUsable: Bool
    /// The base URL's absolute string without trailing slashes.
    let urlText: String
    /// The base URL's percent-encoded path without trailing slashes (`""` for a bare host).
    let path: String
    /// `User-Agent`, `X-Palbase-Client`, `X-Palbase-Client-Version` (when known) and `Accept`.
    let identity: [(name: String, value: String)]
    /// The API key.
    let apiKey: String

    init(_ configuration: PalbeConfiguration) {
        isUsable = configuration.isUsable
        apiKey = configuration.apiKey
        var text = configuration.baseURL.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        urlText = text
        var path = URLComponents(url: configuration.baseURL, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? ""
        while path.hasSuffix("/") { path.removeLast() }
        self.path = path
        var identity = [
            (name: "User-Agent", value: ClientHeaders.userAgent),
            (name: "X-Palbase-Client", value: "palbe-swift/\(PalbeClient.version)"),
        ]
        if let appVersion = configuration.appVersion?.trimmingCharacters(in: .whitespacesAndNewlines).nonBlank {
            identity.append((name: "X-Palbase-Client-Version", value: appVersion))
        }
        identity.append((name: "Accept", value: "application/json"))
        self.identity = identity
    }

    /// The URL of `routePath` (already percent-encoded, leading slash) with `query` (already encoded).
    ///
    /// Only meaningful when ``isUsable``: the base then has a scheme and host and no query or fragment,
    /// and appending encoded text keeps it so.
    func url(routePath: String, query: String) -> URL? {
        var text = urlText
        if routePath != "/" { text += routePath }
        if !query.isEmpty { text += "?" + query }
        return URL(string: text)
    }
}

// MARK: - RequestRoutes

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
