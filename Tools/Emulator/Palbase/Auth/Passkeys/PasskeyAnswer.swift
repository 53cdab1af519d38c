import EmulatorCore
import ErrorCore
import Foundation
import SDKCrypto

/// A `/auth/passkey/verify` body, decoded, and the WebAuthn checks its ES256 proof must pass.
///
/// Binary fields travel as base64url: `credential_id` (kept as that string), `public_key` (the 65-byte
/// point), `client_data_json` (the JSON bytes the authenticator hashed), `authenticator_data`
/// (rpIdHash(32) ‖ flags(1) ‖ signCount(4), big-endian count) and `signature` (ECDSA, DER as authenticators
/// emit it, or the 64-byte `r‖s` form).
struct PasskeyAnswer {
    /// User present and user verified: a passkey is always both.
    static let requiredFlags: UInt8 = 0x01 | 0x04

    let purpose: PasskeyStore.Purpose
    let challenge: String
    let credentialID: String
    let publicKey: Data?
    let clientDataJSON: Data
    let authenticatorData: Data
    let signature: Data?
    let name: String?

    /// Reads the body; a missing field or one that is not base64url is 400 `bad_request`.
    init(_ body: AuthBody) throws {
        purpose = try Self.purpose(body)
        challenge = try body.string("challenge")
        credentialID = try body.string("credential_id")
        guard credentialID.utf8.count <= 1024, Base64URL.decode(credentialID)?.isEmpty == false else {
            throw AuthErrors.badRequest(field: "credential_id", "Must be base64url")
        }
        publicKey = try Self.bytes(body, "public_key", required: false)
        clientDataJSON = try Self.bytes(body, "client_data_json", required: true) ?? Data()
        authenticatorData = try Self.bytes(body, "authenticator_data", required: true) ?? Data()
        signature = try Self.bytes(body, "signature", required: false)
        name = try body.optionalString("name")
    }

    /// The body's `purpose`; 400 `bad_request` unless it is one of the four.
    static func purpose(_ body: AuthBody) throws -> PasskeyStore.Purpose {
        let raw = try body.string("purpose")
        guard let purpose = PasskeyStore.Purpose(rawValue: raw) else {
            throw AuthErrors.badRequest(field: "purpose", "Must be register, login, signup or step_up")
        }
        return purpose
    }

    /// Checks the proof for a ceremony on `rpID` against `key`, and returns the authenticator's sign count.
    ///
    /// The client data must say the ceremony's type, this answer's challenge and the origin
    /// `https://<rp_id>`; the authenticator data must hash `rpID` and carry the UP and UV flags; the
    /// signature must verify over authenticator_data ‖ SHA-256(client_data_json) (required for a sign-in,
    /// checked when present on a registration, where it proves possession of the new key). For a sign-in,
    /// the sign count must be above `storedCount`, unless both are 0 (an authenticator without a counter,
    /// as synced passkeys are). Throws 401 `passkey_invalid`.
    func verify(rpID: String, key: P256PublicKey, storedCount: UInt32?) throws -> UInt32 {
        guard let clientData = SampleJSON.parse(clientDataJSON)?.objectValue else {
            throw AuthErrors.passkeyInvalid("client_data_json is not a JSON object")
        }
        let expectedType = purpose.creates ? "webauthn.create" : "webauthn.get"
        guard clientData["type"]?.stringValue == expectedType else {
            throw AuthErrors.passkeyInvalid("client data type must be \(expectedType)")
        }
        guard let signed = clientData["challenge"]?.stringValue,
            ConstantTime.isEqual(Data(signed.utf8), Data(challenge.utf8))
        else { throw AuthErrors.passkeyInvalid("the client data signs another challenge") }
        guard clientData["origin"]?.stringValue == Self.origin(rpID: rpID) else {
            throw AuthErrors.passkeyInvalid("the client data's origin is not \(Self.origin(rpID: rpID))")
        }
        guard authenticatorData.count >= 37 else {
            throw AuthErrors.passkeyInvalid("authenticator_data is shorter than 37 bytes")
        }
        let bytes = [UInt8](authenticatorData)
        guard Data(bytes[0..<32]) == SHA256.hash(Data(rpID.utf8)) else {
            throw AuthErrors.passkeyInvalid("the authenticator data is for another relying party")
        }
        guard bytes[32] & Self.requiredFlags == Self.requiredFlags else {
            throw AuthErrors.passkeyInvalid("the user was not present and verified")
        }
        let count = bytes[33..<37].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        if let signature {
            guard Self.isValid(signature, by: key, over: authenticatorData + SHA256.hash(clientDataJSON)) else {
                throw AuthErrors.passkeyInvalid("the signature does not verify with the credential's key")
            }
        } else if !purpose.creates {
            throw AuthErrors.passkeyInvalid("a sign-in needs a signature")
        }
        if let storedCount, storedCount != 0 || count != 0, count <= storedCount {
            throw AuthErrors.passkeyInvalid("the sign count did not increase (a cloned authenticator?)")
        }
        return count
    }

    /// The origin a native app's ceremony on `rpID` reports, as Apple's platform authenticator writes it.
    static func origin(rpID: String) -> String { "https://\(rpID)" }

    private static func isValid(_ signature: Data, by key: P256PublicKey, over message: Data) -> Bool {
        if let der = try? P256Signature(derRepresentation: signature) {
            return key.isValidSignature(der, for: message)
        }
        return signature.count == 64 && key.isValidSignature(signature, for: message)
    }

    private static func bytes(_ body: AuthBody, _ key: String, required: Bool) throws -> Data? {
        guard let text = required ? try body.string(key) : try body.optionalString(key) else { return nil }
        guard let data = Base64URL.decode(text), !data.isEmpty else {
            throw AuthErrors.badRequest(field: key, "Must be base64url")
        }
        return data
    }
}
