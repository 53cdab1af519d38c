import EmulatorCore
import ErrorCore
import Foundation
import SDKCrypto

/// HS256 identity tokens as a customer's backend signs them for Chatbase: `sub` is the user id, `exp` the
/// expiry in Unix seconds.
///
/// `hs256(sub:exp:secret:)` makes one (tests, the CLI demo, the admin `tokens` route); the service verifies
/// with `subject(of:secret:now:audience:)`.
package enum ChatbaseJWT {
    /// Tokens longer than this are refused before any decoding.
    static let maxTokenBytes = 8192

    /// A compact HS256 JWT with header `{"alg":"HS256","typ":"JWT"}` and payload `{"exp","iat","sub"}`.
    ///
    /// `exp` is written as whole seconds (rounded down), `iat` is the current time.
    /// `extraClaims` are added to the payload (an `aud`, say).
    package static func hs256(
        sub: String, exp: Date, secret: String, extraClaims: [String: AnyCodableValue] = [:]
    ) -> String {
        let header: AnyCodableValue = ["alg": "HS256", "typ": "JWT"]
        var claims: [String: AnyCodableValue] = [
            "sub": .string(sub), "exp": .int(Int(exp.timeIntervalSince1970.rounded(.down))),
            "iat": .int(Int(Date().timeIntervalSince1970.rounded(.down))),
        ]
        claims.merge(extraClaims) { $1 }
        let payload = AnyCodableValue.object(claims)
        let signingInput =
            Base64URL.encode(header.jsonData) + "." + Base64URL.encode(payload.jsonData)
        let signature = HMACSHA256.authenticationCode(for: Data(signingInput.utf8), key: Data(secret.utf8))
        return signingInput + "." + Base64URL.encode(signature)
    }

    /// The token's `sub` when it is a well-formed HS256 JWT signed with `secret`, with a string `sub` and a
    /// numeric `exp` after `now` (and no `nbf` after `now`); nil for anything else, and always nil without
    /// a secret.
    ///
    /// The signature is compared in constant time; `alg` must be exactly `HS256` (so `none` and any
    /// algorithm confusion fail). An `aud` is optional, since the contract's tokens carry `sub` and `exp`
    /// only; when present it must name `audience` (the agent), as a string or in an array, so a token a
    /// backend made for one agent is refused by another that shares its secret.
    static func subject(of token: String, secret: String?, now: Date, audience: String) -> String? {
        guard let secret, let jws = try? CompactJWS(token, maximumLength: maxTokenBytes),
            jws.header["alg"] == .string("HS256"),
            HMACSHA256.isValid(jws.signature, for: jws.signingInput, key: Data(secret.utf8)),
            case .string(let subject) = jws.claims["sub"], !subject.isEmpty,
            let expiry = jws.claims["exp"]?.doubleValue, expiry > now.timeIntervalSince1970
        else { return nil }
        if let notBefore = jws.claims["nbf"] {
            guard let seconds = notBefore.doubleValue, seconds <= now.timeIntervalSince1970 else { return nil }
        }
        switch jws.claims["aud"] {
        case nil: break
        case .string(let named)?: guard named == audience else { return nil }
        case .array(let named)?: guard named.contains(.string(audience)) else { return nil }
        default: return nil
        }
        return subject
    }
}
