import ErrorCore
import Foundation
import SDKCrypto

/// The DPoP device key (RFC 9449): the P-256 key a session is bound to, persisted with it, and the
/// proofs it signs for `/auth/login`, `/auth/signup` and `/auth/token/refresh`.
///
/// Prints and reflects as `<redacted>`: the private scalar never reaches a log or a dump.
package struct DeviceKey: Sendable, CustomStringConvertible, CustomReflectable {
    private let key: P256PrivateKey

    /// A fresh key from the CSPRNG.
    package init() {
        key = P256PrivateKey()
    }

    /// The key ``rawRepresentation`` exported.
    package init(rawRepresentation: Data) throws {
        key = try P256PrivateKey(rawRepresentation: rawRepresentation)
    }

    /// The 32-byte private scalar, for the secure store only.
    package var rawRepresentation: Data { key.rawRepresentation }

    /// The RFC 7638 thumbprint the server binds a session to.
    package var thumbprint: String { key.publicKey.jwkThumbprint }

    /// A fresh proof for `method` on `url`: header `{"typ":"dpop+jwt","alg":"ES256","jwk"}`, claims
    /// `{"jti","htm","htu","iat"}` with `htu` the URL without query or fragment, a `jti` of 128 random
    /// bits and `iat` from `date`. `nil` only if the crypto library fails.
    package func proof(method: String, url: URL, issuedAt date: Date) -> String? {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return nil }
        components.query = nil
        components.fragment = nil
        guard let htu = components.string else { return nil }
        let jwk = key.publicKey.jwk
        let header: AnyCodableValue = [
            "typ": "dpop+jwt", "alg": "ES256",
            "jwk": ["kty": .string(jwk.kty), "crv": .string(jwk.crv), "x": .string(jwk.x), "y": .string(jwk.y)],
        ]
        let claims: AnyCodableValue = [
            "jti": .string(Base64URL.encode(SecureRandom.bytes(16))), "htm": .string(method), "htu": .string(htu),
            "iat": .int(Int(date.timeIntervalSince1970.rounded(.down))),
        ]
        let input = Base64URL.encode(header.jsonData) + "." + Base64URL.encode(claims.jsonData)
        guard let signature = try? key.signature(for: Data(input.utf8)) else { return nil }
        return input + "." + Base64URL.encode(signature)
    }

    package var description: String { "DeviceKey(<redacted>)" }
    package var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}
