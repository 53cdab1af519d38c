import Foundation

/// A callback URL read against the transaction it claims to complete.
///
/// It must come back to the transaction's redirect URI exactly (scheme and host compared without
/// case, as RFC 3986 says; port and path exactly) and carry the transaction's `state` exactly once.
/// Anything else is refused before the code is looked at, and the transaction stays pending.
struct OAuthCallback: Sendable {
    /// What the provider said.
    enum Outcome: Sendable, Equatable {
        /// An authorization code to exchange.
        case code(String)
        /// The user refused on the provider page (`error=access_denied`).
        case denied
        /// Another provider error (`error=<code>`).
        case failed(String)
    }

    let outcome: Outcome

    /// Reads `url` as the callback of `pending`; throws the typed refusal.
    init(_ url: URL, for pending: PendingOAuth) throws(AuthError) {
        guard Self.matches(url, pending.redirectURI) else { throw .oauthLocal("oauth_redirect_mismatch") }
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        func single(_ name: String) -> String?? {
            let values = items.filter { $0.name == name }
            guard values.count <= 1 else { return .some(nil) }
            return values.first.map { .some($0.value) } ?? .none
        }
        // A transaction without a state (Sign in with Apple's own sheet) has no callback at all.
        guard case .some(.some(let state)) = single("state"), !pending.state.isEmpty, state == pending.state else {
            throw .oauthLocal("oauth_state_mismatch")
        }
        switch (single("code"), single("error")) {
        case (.some(.some(let code)), .none) where !code.isEmpty:
            outcome = .code(code)
        case (.none, .some(.some("access_denied"))):
            outcome = .denied
        case (.none, .some(.some(let error))) where !error.isEmpty:
            outcome = .failed(String(error.prefix(64)))
        default:
            throw .oauthLocal("oauth_callback_invalid")
        }
    }

    /// Whether `callback` comes back to `redirect`: same scheme and host (without case), port and path.
    static func matches(_ callback: URL, _ redirect: URL) -> Bool {
        guard let actual = URLComponents(url: callback, resolvingAgainstBaseURL: false),
            let expected = URLComponents(url: redirect, resolvingAgainstBaseURL: false),
            let scheme = actual.scheme, let expectedScheme = expected.scheme
        else { return false }
        return scheme.lowercased() == expectedScheme.lowercased()
            && (actual.host ?? "").lowercased() == (expected.host ?? "").lowercased()
            && actual.port == expected.port && actual.percentEncodedPath == expected.percentEncodedPath
            && actual.user == nil && actual.password == nil && actual.fragment == nil
    }
}

extension AuthError {
    /// The messages of the OAuth refusals the SDK makes itself, before anything is sent.
    private static let oauthMessages: [String: String] = [
        "oauth_redirect_mismatch": "The callback does not come back to the transaction's redirect URI",
        "oauth_state_mismatch": "The callback's state does not match the transaction's",
        "oauth_callback_invalid": "The callback carries neither a code nor an error",
        "oauth_transaction_invalid": "There is no pending OAuth transaction with this id",
        "oauth_not_configured": "No OAuth redirect URI is registered (oauth_redirect_uri in Palbase-Info.plist)",
    ]

    /// A refusal the SDK makes before anything is sent: ``http(status:code:message:requestId:)`` with
    /// status 400, `code` and no request id.
    static func oauthLocal(_ code: String, message: String? = nil) -> AuthError {
        .http(status: 400, code: code, message: message ?? oauthMessages[code] ?? code, requestId: nil)
    }

    /// The cancellation of a sign-in with `provider`: ``AuthError/invalidCredentials(message:)`` with the
    /// message `User canceled <Provider> sign-in`, which ``AuthNamespace/wasCanceled(_:)`` recognises for Apple
    /// and Google, and whose ``AuthError/code`` is `oauth_cancelled`.
    static func oauthCancelled(_ provider: OAuthProvider) -> AuthError {
        .invalidCredentials(message: oauthCancellationMessage(provider))
    }

    /// `User canceled <Provider> sign-in`.
    static func oauthCancellationMessage(_ provider: OAuthProvider) -> String {
        "User canceled \(provider.displayName) sign-in"
    }

    /// Whether a failed completion may be retried with the stored code: no answer, a 5xx, 408 or 429.
    var isTransientOAuthFailure: Bool {
        switch self {
        case .network, .rateLimited: true
        case .http(let status, _, _, _): status >= 500 || status == 408
        case .invalidCredentials, .notConfigured: false
        }
    }
}
