/// The session `pb.auth` holds for the signed-in user: its tokens, when the access token expires,
/// and the last user the server described. Tokens are ``SecretToken``s, so the value prints and
/// reflects without them.
package struct SignedInSession: Sendable, Equatable, Codable {
    /// The bearer token requests carry.
    package var accessToken: SecretToken
    /// The token `/auth/token/refresh` rotates.
    package var refreshToken: SecretToken
    /// When the access token expires, in unix seconds (the server's `expires_at`).
    package var expiresAt: Int64
    /// The cached user.
    package var user: AuthUser

    /// A session from its parts.
    package init(accessToken: SecretToken, refreshToken: SecretToken, expiresAt: Int64, user: AuthUser) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
        self.user = user
    }

    /// Whether the access token is expired, or expires within `margin` seconds of `now`.
    package func isExpiring(now: Int64, margin: Int64) -> Bool {
        expiresAt - now <= margin
    }

    /// The public view: the expiry without the tokens.
    package var publicSession: Session { Session(expiresAt: expiresAt) }
}
