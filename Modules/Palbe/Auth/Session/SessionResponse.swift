import Foundation

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
