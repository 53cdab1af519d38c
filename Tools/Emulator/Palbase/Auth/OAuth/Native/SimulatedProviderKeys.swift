import EmulatorCore
import ErrorCore
import Foundation
import SDKCrypto

/// The simulated providers' ID-token signing keys: one P-256 key per native provider, drawn from the CSPRNG
/// when the auth service is made (a restarted emulator publishes new keys, as a provider rotates its own).
/// Each key's `kid` is its RFC 7638 thumbprint. Safe to share across tasks.
struct SimulatedProviderKeys: Sendable {
    /// One provider's key and the `kid` its JWKS and its tokens' headers name.
    struct SigningKey: Sendable {
        let key: P256PrivateKey
        let kid: String

        /// The public key as its JWKS lists it: `{"kty":"EC","crv":"P-256","x","y","kid","alg":"ES256","use":"sig"}`.
        var jwk: AnyCodableValue {
            let jwk = key.publicKey.jwk
            return [
                "kty": .string(jwk.kty), "crv": .string(jwk.crv), "x": .string(jwk.x), "y": .string(jwk.y),
                "kid": .string(kid), "alg": "ES256", "use": "sig",
            ]
        }
    }

    private let keys: [OAuthProvider: SigningKey]

    init() {
        var keys: [OAuthProvider: SigningKey] = [:]
        for provider in NativeOAuthClients.simulated {
            let key = P256PrivateKey()
            keys[provider] = SigningKey(key: key, kid: key.publicKey.jwkThumbprint)
        }
        self.keys = keys
    }

    /// `provider`'s key; nil for a provider that does not sign in natively (GitHub).
    func signingKey(for provider: OAuthProvider) -> SigningKey? {
        keys[provider]
    }

    /// `provider`'s JWKS document, `{"keys":[…]}`.
    func jwks(for provider: OAuthProvider) -> AnyCodableValue? {
        keys[provider].map { ["keys": [$0.jwk]] }
    }

    /// `claims` as an ID token of `provider`: a compact JWS with header `{"alg":"ES256","kid","typ":"JWT"}`.
    func idToken(_ claims: [String: AnyCodableValue], for provider: OAuthProvider) throws -> String? {
        guard let signing = keys[provider] else { return nil }
        return try CompactJWS.es256(
            header: ["alg": "ES256", "kid": .string(signing.kid), "typ": "JWT"], claims: claims, key: signing.key)
    }
}
