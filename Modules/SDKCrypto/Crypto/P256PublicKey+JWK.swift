import Foundation

extension P256PublicKey {
    /// A P-256 public key as a JSON Web Key (RFC 7517, RFC 7518 §6.2.1), as DPoP proof headers
    /// carry it.
    ///
    /// Decoding ignores members other than these four (`kid`, `use`, `alg`, …); encode it with
    /// `JSONEncoder` where a JWK object is needed.
    package struct JWK: Codable, Hashable, Sendable {
        /// Key type, `"EC"`.
        package var kty: String
        /// Curve, `"P-256"`.
        package var crv: String
        /// The x coordinate, base64url of 32 big-endian bytes.
        package var x: String
        /// The y coordinate, base64url of 32 big-endian bytes.
        package var y: String

        /// A JWK with the given members, unvalidated; ``P256PublicKey/init(jwk:)`` validates.
        package init(kty: String, crv: String, x: String, y: String) {
            self.kty = kty
            self.crv = crv
            self.x = x
            self.y = y
        }
    }

    /// This key as a JWK.
    package var jwk: JWK {
        JWK(kty: "EC", crv: "P-256", x: Base64URL.encode(x), y: Base64URL.encode(y))
    }

    /// The key a JWK describes, validated like ``init(x963Representation:)``.
    ///
    /// - Throws: ``CryptoError/invalidKey(reason:)`` when `kty` is not `EC`, `crv` is not `P-256` or
    ///   a coordinate is not base64url of exactly 32 bytes; ``CryptoError/invalidPoint`` when the
    ///   coordinates are not a point on the curve.
    package init(jwk: JWK) throws(CryptoError) {
        guard jwk.kty == "EC" else { throw .invalidKey(reason: "JWK kty is not EC") }
        guard jwk.crv == "P-256" else { throw .invalidKey(reason: "JWK crv is not P-256") }
        guard let x = Base64URL.decode(jwk.x), x.count == 32, let y = Base64URL.decode(jwk.y), y.count == 32 else {
            throw .invalidKey(reason: "JWK coordinates are not 32-byte base64url values")
        }
        try self.init(x963Representation: Data([0x04]) + x + y)
    }

    /// The RFC 7638 JWK thumbprint: base64url (unpadded) of SHA-256 over the canonical JSON
    /// `{"crv":"P-256","kty":"EC","x":"…","y":"…"}`.
    ///
    /// The canonical form has exactly the required members, in lexicographic order, with no
    /// whitespace; base64url values need no JSON escaping, so the string is built directly rather
    /// than through an encoder whose formatting could drift. DPoP binds a session to this value
    /// (`jkt`).
    package var jwkThumbprint: String {
        Base64URL.encode(SHA256.hash(Data(Self.thumbprintInput(of: jwk).utf8)))
    }

    /// The exact JSON string RFC 7638 hashes for `jwk`.
    static func thumbprintInput(of jwk: JWK) -> String {
        #"{"crv":"\#(jwk.crv)","kty":"\#(jwk.kty)","x":"\#(jwk.x)","y":"\#(jwk.y)"}"#
    }
}
