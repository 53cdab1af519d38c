import EmulatorCore
import ErrorCore
import Foundation
import SDKCrypto

/// Sealed bodies (`X-Palbase-Sealed: v1`) as the Palbase contract fixes them.
///
/// Request: `{"v":1,"kid","epk","nonce","ct"}`; ECDH(server key, `epk`) → HKDF-SHA256 (empty salt, info
/// `palbase-seal-v1`) → AES-256-GCM with AAD `"<METHOD> <path>"`. Response: same key, fresh nonce, AAD
/// `"response <path>"`, body `{"v":1,"nonce","ct"}`.
enum PalbaseSealing {
    /// The header that marks a sealed body, and its only version.
    static let header = "X-Palbase-Sealed"
    static let version = "v1"

    /// Paths whose request bodies must be sealed.
    static let sealedPrefixes = ["/auth", "/v1/db", "/v1/docs", "/v1/user-flags", "/v1/notifications", "/v1/analytics"]

    /// True when a body sent to `path` (raw, without query) must be sealed.
    static func requiresSealing(_ path: String) -> Bool {
        sealedPrefixes.contains { path == $0 || path.hasPrefix($0 + "/") }
    }

    /// The key derived for one sealed exchange; the response to the request is sealed with it.
    struct Session: Sendable {
        let key: Data
        let path: String
    }

    private struct SealedRequest: Decodable {
        let v: Int
        let kid: String
        let epk: String
        let nonce: String
        let ct: String
    }

    private struct SealedResponse: Encodable {
        let v: Int
        let nonce: String
        let ct: String
    }

    /// Checks and decrypts a sealed request body.
    ///
    /// Throws 400 `sealing_invalid` for anything that is not a well-formed envelope for this server's key
    /// whose tag verifies under the request's method and path.
    static func open(
        _ body: Data, method: String, path: String, with keyPair: SealingKeyPair
    ) throws
        -> (plaintext: Data, session: Session)
    {
        guard let sealed = try? EmulatorJSON.decode(SealedRequest.self, from: body, keys: .useDefaultKeys) else {
            throw invalid("The sealed body is not a v1 envelope")
        }
        guard sealed.v == 1 else { throw invalid("Unsupported sealing version \(sealed.v)") }
        guard sealed.kid == keyPair.keyID else { throw invalid("Unknown sealing key id") }
        guard let epk = Base64URL.decode(sealed.epk), let peer = try? P256PublicKey(x963Representation: epk) else {
            throw invalid("The ephemeral key is not a P-256 point")
        }
        guard let nonce = Base64URL.decode(sealed.nonce), nonce.count == AES256GCM.nonceByteCount else {
            throw invalid("The nonce is not 12 bytes")
        }
        guard let ciphertext = Base64URL.decode(sealed.ct) else { throw invalid("The ciphertext is not base64url") }
        guard let key = try? sessionKey(keyPair.privateKey, peer) else { throw invalid("Key agreement failed") }
        let aad = Data("\(method) \(path)".utf8)
        guard let plaintext = try? AES256GCM.open(ciphertext, key: key, nonce: nonce, authenticating: aad) else {
            throw invalid("The sealed body does not authenticate")
        }
        return (plaintext, Session(key: key, path: path))
    }

    /// Seals a response body for the exchange `session` belongs to.
    static func seal(_ body: Data, for session: Session) throws -> Data {
        let nonce = SecureRandom.bytes(AES256GCM.nonceByteCount)
        let aad = Data("response \(session.path)".utf8)
        let ciphertext = try AES256GCM.seal(body, key: session.key, nonce: nonce, authenticating: aad)
        return try EmulatorJSON.encode(
            SealedResponse(v: 1, nonce: Base64URL.encode(nonce), ct: Base64URL.encode(ciphertext)))
    }

    /// The AES key both sides derive from one ECDH exchange.
    static func sessionKey(_ privateKey: P256PrivateKey, _ peer: P256PublicKey) throws -> Data {
        let secret = try privateKey.sharedSecret(with: peer)
        return try HKDFSHA256.deriveKey(
            inputKeyMaterial: secret, salt: Data(), info: Data("palbase-seal-v1".utf8), outputByteCount: 32)
    }

    private static func invalid(_ description: String) -> PalbaseHTTPError {
        PalbaseHTTPError(status: 400, code: "sealing_invalid", description: description)
    }
}
