import Emulator
import ErrorCore
import Foundation
import SDKCrypto
import Testing

@testable import EmulatorCore
@testable import EmulatorPalbase

/// A passkey on a test device, and the answers it signs, written from the contract (`palbase.md`,
/// passkeys) rather than from the emulator's verifier: client data `{type, challenge, origin}`,
/// authenticator data rpIdHash ‖ flags ‖ signCount, a DER signature over authenticator data ‖
/// SHA-256(client data). Every part can be bent for a negative test.
struct TestPasskey: Sendable {
    let key = P256PrivateKey()
    let id = Base64URL.encode(SecureRandom.bytes(16))

    /// What to bend in one answer.
    struct Bend: Sendable {
        var type: String?
        var challenge: String?
        var origin: String?
        var rpID: String?
        var flags: UInt8 = 0x05
        var signer: P256PrivateKey?
        var omitSignature = false
    }

    /// A `/auth/passkey/verify` body answering `challenge` for `purpose` on `rpID` with `count`.
    func answer(
        _ purpose: String, challenge: String, rpID: String = "127.0.0.1", count: UInt32, name: String? = nil,
        bend: Bend = Bend()
    ) throws -> AnyCodableValue {
        let creates = purpose == "signup" || purpose == "register"
        let clientData: AnyCodableValue = [
            "type": .string(bend.type ?? (creates ? "webauthn.create" : "webauthn.get")),
            "challenge": .string(bend.challenge ?? challenge),
            "origin": .string(bend.origin ?? "https://\(rpID)"),
        ]
        let clientDataJSON = Data(clientData.jsonText.utf8)
        var authenticatorData = SHA256.hash(Data((bend.rpID ?? rpID).utf8))
        authenticatorData.append(bend.flags)
        authenticatorData.append(contentsOf: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: count >> $0) })
        let raw = try (bend.signer ?? key).signature(for: authenticatorData + SHA256.hash(clientDataJSON))
        var body: [String: AnyCodableValue] = [
            "purpose": .string(purpose), "challenge": .string(challenge), "credential_id": .string(id),
            "client_data_json": .string(Base64URL.encode(clientDataJSON)),
            "authenticator_data": .string(Base64URL.encode(authenticatorData)),
        ]
        if !bend.omitSignature {
            body["signature"] = .string(Base64URL.encode(try P256Signature(rawRepresentation: raw).derRepresentation))
        }
        if creates { body["public_key"] = .string(Base64URL.encode(key.publicKey.x963Representation)) }
        if let name { body["name"] = .string(name) }
        return .object(body)
    }
}

extension AuthTestClient {
    /// `POST /auth/passkey/options` for `purpose`, returning the challenge (the test fails without one).
    func passkeyChallenge(
        _ purpose: String, email: String? = nil, bearer: String? = nil
    ) async throws -> (challenge: String, reply: AuthReply) {
        var body: [String: AnyCodableValue] = ["purpose": .string(purpose)]
        if let email { body["email"] = .string(email) }
        let reply = try await post("/auth/passkey/options", .object(body), bearer: bearer)
        return (reply.json["challenge"].string ?? "", reply)
    }

    /// Signs up `email` with `passkey` (count 0), bound to `key`.
    func signUp(_ email: String, passkey: TestPasskey, key: DPoPKey = DPoPKey()) async throws -> IssuedSession {
        let (challenge, _) = try await passkeyChallenge("signup", email: email)
        return try IssuedSession(
            try await post(
                "/auth/passkey/verify", try passkey.answer("signup", challenge: challenge, count: 0), dpop: key))
    }

    /// Signs in with `passkey` at `count`.
    func logIn(passkey: TestPasskey, count: UInt32, bend: TestPasskey.Bend = .init()) async throws -> AuthReply {
        let (challenge, _) = try await passkeyChallenge("login")
        return try await post(
            "/auth/passkey/verify", try passkey.answer("login", challenge: challenge, count: count, bend: bend),
            dpop: DPoPKey())
    }
}
