import ErrorCore
import Foundation
import SDKCrypto

/// Seals request bodies and opens sealed responses (`X-Palbase-Sealed: v1`), as the contract fixes:
///
/// A fresh ephemeral P-256 key per request; ECDH with the server key; HKDF-SHA256 (empty salt, info
/// `palbase-seal-v1`) to a 32-byte key; AES-256-GCM with a random 12-byte nonce and AAD
/// `"<METHOD> <path>"`. The request body becomes `{"v":1,"kid","epk","nonce","ct"}`. The server
/// seals its answer with the same key, a fresh nonce and AAD `"response <path>"`:
/// `{"v":1,"nonce","ct"}`.
enum BodySealer {
    /// The request and response header, and its only value.
    static let header = "X-Palbase-Sealed"
    static let version = "v1"

    /// What is needed to open the response to one sealed request.
    struct Session: Sendable {
        /// The derived AES key.
        let key: Data
        /// The path the request was sealed for, as sent.
        let path: String
    }

    private struct SealedRequest: Encodable {
        let v: Int
        let kid: String
        let epk: String
        let nonce: String
        let ct: String
    }

    private struct SealedResponse: Decodable {
        let v: Int
        let nonce: String
        let ct: String
    }

    /// The sealed form of `plaintext` for `method` and the wire `path` (no query), and the session
    /// that opens the answer.
    static func seal(
        _ plaintext: Data, method: String, path: String, to serverKey: SealingKey
    ) throws(SealingUnavailable) -> (body: Data, session: Session) {
        do {
            let ephemeral = P256PrivateKey()
            let key = try sessionKey(ephemeral.sharedSecret(with: serverKey.publicKey))
            let nonce = SecureRandom.bytes(AES256GCM.nonceByteCount)
            let ciphertext = try AES256GCM.seal(
                plaintext, key: key, nonce: nonce, authenticating: Data("\(method) \(path)".utf8))
            let envelope = SealedRequest(
                v: 1, kid: serverKey.keyID, epk: Base64URL.encode(ephemeral.publicKey.x963Representation),
                nonce: Base64URL.encode(nonce), ct: Base64URL.encode(ciphertext))
            return (try encoder.encode(envelope), Session(key: key, path: path))
        } catch {
            throw SealingUnavailable("the body could not be sealed", underlying: error)
        }
    }

    /// The plaintext of a sealed response, or `nil` when it is not a v1 envelope that authenticates
    /// under `session`.
    static func open(_ body: Data, session: Session) -> Data? {
        guard let sealed = try? JSONDecoder().decode(SealedResponse.self, from: body), sealed.v == 1,
            let nonce = Base64URL.decode(sealed.nonce), let ciphertext = Base64URL.decode(sealed.ct)
        else { return nil }
        return try? AES256GCM.open(
            ciphertext, key: session.key, nonce: nonce, authenticating: Data("response \(session.path)".utf8))
    }

    private static func sessionKey(_ secret: Data) throws(CryptoError) -> Data {
        try HKDFSHA256.deriveKey(
            inputKeyMaterial: secret, salt: Data(), info: Data("palbase-seal-v1".utf8), outputByteCount: 32)
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
}
