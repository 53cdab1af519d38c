import Foundation

// A signed-in session: its tokens (kept out of every description), and the answer that mints one.

// MARK: - SignedInSession

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

// MARK: - SecretToken

/// An access or refresh token: its text for the wire and the store only.
///
/// Every way Swift prints or reflects a value (`description`, `debugDescription`, `dump`, `Mirror`)
/// shows `<redacted>`, so a token held anywhere inside the client cannot leak through a log line or
/// a debugger dump of a containing value.
package struct SecretToken: Sendable, Equatable, Codable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// The token as the server issued it.
    package let value: String

    /// A token with its text.
    package init(_ value: String) {
        self.value = value
    }

    /// Decodes a non-empty JSON string.
    package init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer().decode(String.self)
        guard !value.isEmpty else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "an empty token"))
        }
        self.value = value
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }

    package var description: String { "<redacted>" }
    package var debugDescription: String { "<redacted>" }
    package var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}

// MARK: - SessionResponse

/// The contract's session response, which every rail that mints a session answers with:
/// `{"access_token","token_type":"Bearer","expires_in","expires_at","refresh_token","user"}`.
package struct SessionResponse: Decodable, Sendable {
    package let accessToken: SecretToken
    package let refreshToken: SecretToken
    package let expiresAt: Int64
    package let user: AuthUser

    private enum CodingKeys: String, CodingKey {
        case accessToken, refreshToken, expiresAt, expiresIn, user
    }

    /// Decodes with the SDK's snake_case decoder. `expires_at` is used as sent; a server that sends
    /// only `expires_in` gets it counted from now.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        accessToken = try container.decode(SecretToken.self, forKey: .accessToken)
        refreshToken = try container.decode(SecretToken.self, forKey: .refreshToken)
        user = try container.decode(AuthUser.self, forKey: .user)
        if let expiresAt = try container.decodeIfPresent(Int64.self, forKey: .expiresAt) {
            self.expiresAt = expiresAt
        } else {
            let expiresIn = try container.decode(Int64.self, forKey: .expiresIn)
            expiresAt = Int64(Date().timeIntervalSince1970) + expiresIn
        }
    }

    /// The session it describes.
    package var session: SignedInSession {
        SignedInSession(accessToken: accessToken, refreshToken: refreshToken, expiresAt: expiresAt, user: user)
    }
}
