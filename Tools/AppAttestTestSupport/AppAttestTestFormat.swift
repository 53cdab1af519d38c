import Foundation
import SDKCrypto

/// The local emulator's test attestation format: what a device key and its attestation look like
/// when no Apple device made them. The emulator cannot verify Apple's attestations, so it verifies
/// these instead; Palbe's test attester makes them.
///
/// - A key is a P-256 key pair. Its `key_id` is base64url(SHA-256(65-byte public point)), as Apple's
///   key identifier is a hash of the public key.
/// - An attestation is the UTF-8 JSON object
///   `{"fmt":"palbase-test","public_key":"<base64url point>","signature":"<base64url r‖s>"}`, the
///   signature being the test CA's ES256 signature over `public_key (65 bytes) ‖ clientDataHash (32)`:
///   "the CA vouches for this key, for this challenge".
/// - An assertion is the key's ES256 signature, 64 bytes `r‖s`, over the `clientDataHash` of
///   ``AppAttestWire/assertionClientDataHash(challenge:body:)``.
///
/// The test CA's private key is no secret: it is SHA-256 of a fixed phrase, so anything can make a
/// test attestation. That is the point of a test format, and why only the emulator accepts it.
package enum AppAttestTestFormat {
    /// The `fmt` of a test attestation.
    package static let format = "palbase-test"

    /// The emulator's test CA: the P-256 key whose scalar is SHA-256 of
    /// `palbase emulator app attest test CA v1` (a valid scalar, checked by the tests).
    package static let certificateAuthority = try! P256PrivateKey(
        rawRepresentation: SHA256.hash(Data("palbase emulator app attest test CA v1".utf8)))

    /// The `key_id` of `publicKey`: base64url(SHA-256(its 65-byte point)).
    package static func keyID(for publicKey: P256PublicKey) -> String {
        Base64URL.encode(SHA256.hash(publicKey.x963Representation))
    }

    /// The test attestation of `publicKey` for `clientDataHash`, signed by `authority` (the test CA
    /// unless a test forges one).
    package static func attestation(
        of publicKey: P256PublicKey, clientDataHash: Data, signedBy authority: P256PrivateKey = certificateAuthority
    ) throws(CryptoError) -> Data {
        let signature = try authority.signature(for: publicKey.x963Representation + clientDataHash)
        let statement = Statement(
            fmt: format, publicKey: Base64URL.encode(publicKey.x963Representation),
            signature: Base64URL.encode(signature))
        // Encoding three strings cannot fail.
        return try! encoder.encode(statement)
    }

    /// The key `attestation` vouches for, when it is a test attestation signed by the test CA over that
    /// key and `clientDataHash`, and `keyID` is that key's id; `nil` otherwise.
    package static func attestedKey(_ attestation: Data, keyID: String, clientDataHash: Data) -> P256PublicKey? {
        guard let statement = try? JSONDecoder().decode(Statement.self, from: attestation), statement.fmt == format,
            let point = Base64URL.decode(statement.publicKey), let signature = Base64URL.decode(statement.signature),
            let key = try? P256PublicKey(x963Representation: point), self.keyID(for: key) == keyID,
            certificateAuthority.publicKey.isValidSignature(signature, for: point + clientDataHash)
        else { return nil }
        return key
    }

    /// The test assertion of `key` over `clientDataHash`.
    package static func assertion(by key: P256PrivateKey, clientDataHash: Data) throws(CryptoError) -> Data {
        try key.signature(for: clientDataHash)
    }

    /// Whether `assertion` is `key`'s test assertion over `clientDataHash`.
    package static func isValidAssertion(_ assertion: Data, by key: P256PublicKey, clientDataHash: Data) -> Bool {
        key.isValidSignature(assertion, for: clientDataHash)
    }

    private struct Statement: Codable {
        let fmt: String
        let publicKey: String
        let signature: String

        enum CodingKeys: String, CodingKey {
            case fmt
            case publicKey = "public_key"
            case signature
        }
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
}
