import EmulatorCore
import ErrorCore
import Foundation
import SDKCrypto

/// A verified DPoP proof (RFC 9449) as `palbase.md` fixes it: a compact JWS with header
/// `{"typ":"dpop+jwt","alg":"ES256","jwk":{EC P-256 public key}}` and claims `{"jti","htm","htu","iat"}`.
///
/// Verification checks the signature against the embedded key, `htm` against the method, `htu` against the
/// request's URL without query (scheme, path and, when the request names one, host), and `iat` within
/// `AuthPolicy.dpopWindow` of the real time; then records `jti` so the proof cannot be replayed. Every
/// failure is 401 `dpop_invalid` with a reason. The proof binds a session through `thumbprint`, the key's
/// RFC 7638 thumbprint (`jkt`).
struct DPoPProof: Sendable {
    /// The header carrying the proof.
    static let header = "DPoP"
    /// A proof longer than this is refused before any parsing.
    static let maximumLength = 8192

    /// The RFC 7638 thumbprint of the proof's key.
    let thumbprint: String
    let jti: String

    /// Parses and verifies `proof` for `request`, with `now` the real (never offset) time in seconds.
    init(_ proof: String, method: String, path: String, host: String?, now: TimeInterval, window: Int) throws {
        let jws: CompactJWS
        do {
            jws = try CompactJWS(proof, maximumLength: Self.maximumLength)
        } catch {
            throw AuthErrors.dpopInvalid(error.reason)
        }
        let header = jws.header
        guard header["typ"]?.stringValue == "dpop+jwt" else { throw AuthErrors.dpopInvalid("typ must be dpop+jwt") }
        guard header["alg"]?.stringValue == "ES256" else { throw AuthErrors.dpopInvalid("alg must be ES256") }
        guard case .object(let jwk)? = header["jwk"] else { throw AuthErrors.dpopInvalid("the header has no jwk") }
        guard jwk["d"] == nil else { throw AuthErrors.dpopInvalid("the jwk holds a private key") }
        guard let kty = jwk["kty"]?.stringValue, let crv = jwk["crv"]?.stringValue, let x = jwk["x"]?.stringValue,
            let y = jwk["y"]?.stringValue,
            let key = try? P256PublicKey(jwk: P256PublicKey.JWK(kty: kty, crv: crv, x: x, y: y))
        else { throw AuthErrors.dpopInvalid("the jwk is not an EC P-256 public key") }
        guard jws.isSigned(by: key) else { throw AuthErrors.dpopInvalid("the signature does not verify") }
        let claims = jws.claims
        guard let jti = claims["jti"]?.stringValue, !jti.isEmpty, jti.utf8.count <= 256 else {
            throw AuthErrors.dpopInvalid("jti must be a non-empty string")
        }
        guard claims["htm"]?.stringValue == method else { throw AuthErrors.dpopInvalid("htm is not \(method)") }
        guard let htu = claims["htu"]?.stringValue, Self.matches(htu, path: path, host: host) else {
            throw AuthErrors.dpopInvalid("htu is not this request's URL")
        }
        guard let iat = claims["iat"]?.doubleValue else { throw AuthErrors.dpopInvalid("iat must be a number") }
        guard abs(now - iat) <= Double(window) else {
            throw AuthErrors.dpopInvalid("iat is more than \(window) s from the server's time")
        }
        thumbprint = key.jwkThumbprint
        self.jti = jti
    }

    /// The scheme every request reaches the emulator by: its listener speaks plain HTTP, never TLS.
    static let requestScheme = "http"

    /// Whether `htu` names `path` (and `host`, when known) with the request's scheme, no query and no fragment.
    /// RFC 9449 compares `htu` with the whole request URI: a proof made for `https://host/path` was made for
    /// another URI than the `http` one it arrived on, so it is refused like a proof for another host.
    static func matches(_ htu: String, path: String, host: String?) -> Bool {
        guard let components = URLComponents(string: htu), components.query == nil, components.fragment == nil,
            components.scheme?.lowercased() == requestScheme,
            let htuHost = components.host, components.percentEncodedPath == path
        else { return false }
        guard let host else { return true }
        let authority = components.port.map { "\(htuHost):\($0)" } ?? htuHost
        return authority.lowercased() == host.lowercased()
    }
}

/// The `jti`s of accepted proofs, kept for twice the `iat` window (older proofs fail the window anyway).
struct DPoPReplayCache {
    let tenant: String
    let store: SQLiteDatabase

    /// Records `proof`'s `jti`; throws 401 `dpop_invalid` when it was seen before.
    func record(_ proof: DPoPProof, now: TimeInterval, window: Int) throws {
        try store.transaction {
            try store.execute("DELETE FROM auth_dpop_proofs WHERE seen_at < ?", [.real(now - Double(2 * window))])
            do {
                try store.execute(
                    "INSERT INTO auth_dpop_proofs (tenant, jti, seen_at) VALUES (?, ?, ?)",
                    [.text(tenant), .text(proof.jti), .real(now)])
            } catch let error as SQLiteError where error.isConstraintViolation {
                throw AuthErrors.dpopInvalid("jti was already used")
            }
        }
    }
}
