import EmulatorCore
import ErrorCore
import Foundation
import SDKCrypto

/// A provider's ID token as a native sign-in presents it, verified as `palbase.md` ("Native sign-in") lists:
/// a compact JWS, ES256 (the emulator's providers publish EC keys only, so an RS256 token is refused here),
/// signed by the key its `kid` names in the provider's JWKS; `iss` the provider's issuer, `aud` the configured
/// client ID (a string, or an array holding it), `exp` in the future and `iat` not, on the service clock. Every
/// failure is 401 `id_token_invalid`. The nonce is the caller's to check (``matches(nonce:)``), since a token
/// for another transaction is `nonce_mismatch`, not invalid.
struct NativeIDToken {
    /// The longest token read; a real provider's are a few KiB.
    static let maximumLength = 16 * 1024

    let provider: OAuthProvider
    /// The provider account's stable id.
    let subject: String
    /// The `email` claim, normalized; nil when the token has none.
    let email: String?
    /// The `nonce` claim; nil when the token has none.
    let nonce: String?

    /// Verifies `token` for `provider`, whose issuer here is `issuer`, at `now` (service clock, milliseconds).
    init(_ token: String, provider: OAuthProvider, keys: SimulatedProviderKeys, issuer: String, now: Int64) throws {
        guard let signing = keys.signingKey(for: provider), let clientID = NativeOAuthClients.clientID(for: provider)
        else { throw OAuthErrors.providerNotConfigured(provider.rawValue) }
        let jws: CompactJWS
        do {
            jws = try CompactJWS(token, maximumLength: Self.maximumLength)
        } catch {
            throw OAuthErrors.idTokenInvalid(error.reason)
        }
        guard jws.header["alg"]?.stringValue == "ES256" else { throw OAuthErrors.idTokenInvalid("alg must be ES256") }
        guard jws.header["kid"]?.stringValue == signing.kid else {
            throw OAuthErrors.idTokenInvalid("kid is not a key of the provider's JWKS")
        }
        guard jws.isSigned(by: signing.key.publicKey) else {
            throw OAuthErrors.idTokenInvalid("the signature does not verify")
        }
        let claims = jws.claims
        guard claims["iss"]?.stringValue == issuer else { throw OAuthErrors.idTokenInvalid("iss is not the issuer") }
        switch claims["aud"] {
        case .string(let audience)? where audience == clientID: break
        case .array(let audiences)? where audiences.contains(.string(clientID)): break
        default: throw OAuthErrors.idTokenInvalid("aud is not the configured client ID")
        }
        let seconds = Double(now) / 1000
        guard let expiry = claims["exp"]?.doubleValue, expiry > seconds else {
            throw OAuthErrors.idTokenInvalid("exp is not in the future")
        }
        guard let issuedAt = claims["iat"]?.doubleValue, issuedAt <= seconds else {
            throw OAuthErrors.idTokenInvalid("iat is missing or in the future")
        }
        guard let subject = claims["sub"]?.stringValue, !subject.isEmpty, subject.utf8.count <= 255 else {
            throw OAuthErrors.idTokenInvalid("sub must be a non-empty string")
        }
        switch claims["email"] {
        case nil, .null?:
            email = nil
        case .string(let raw)?:
            guard let normalized = try? AuthContext.email(raw) else {
                throw OAuthErrors.idTokenInvalid("email is not an email address")
            }
            email = normalized
        default:
            throw OAuthErrors.idTokenInvalid("email must be a string")
        }
        self.provider = provider
        self.subject = subject
        nonce = claims["nonce"]?.stringValue
    }

    /// Whether the token carries the nonce of the transaction whose nonce is `transactionNonce`: Apple's
    /// `nonce` claim is the lowercase hex SHA-256 of it (the app hashed it into Apple's request), Google's and
    /// Microsoft's the nonce itself.
    func matches(nonce transactionNonce: String) -> Bool {
        guard let nonce else { return false }
        let expected =
            provider == .apple ? ASCIIHex.lowercase(SHA256.hash(Data(transactionNonce.utf8))) : transactionNonce
        return ConstantTime.isEqual(Data(nonce.utf8), Data(expected.utf8))
    }
}
