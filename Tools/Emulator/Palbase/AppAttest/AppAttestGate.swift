import AppAttestTestSupport
import EmulatorCore
import ErrorCore
import Foundation
import HTTPServer
import SDKCrypto

/// App Attest on the emulator: which Palbase routes demand an assertion, the challenge and register
/// routes, and the check of assertions made in the test format (``AppAttestTestFormat``, the wire in
/// ``AppAttestWire``).
///
/// | method, path | body | answer |
/// | --- | --- | --- |
/// | GET `/auth/attest/challenge` | | `{"challenge"}`: 32 random bytes, base64url; single-use, 5 minutes |
/// | POST `/auth/attest/register` | `{key_id, attestation, challenge}` (sealed, like every `/auth/` body) | 204; 400 `attestation_invalid` |
///
/// A request under a demanding prefix must carry `X-Palbase-Attest-Key` (a registered key) and
/// `X-Palbase-Attest-Assertion: <challenge>.<base64url assertion>`, the assertion being that key's
/// signature over SHA-256(challenge ‖ body as received, sealed or not); anything else is 401
/// `app_attest_required`. A challenge is deleted on its first use, right or wrong, for registering and
/// asserting alike, so an assertion replayed is refused. Rules live in memory (configuration plus
/// admin changes; `reset` restores the configured ones); challenges and keys live in the database.
final class AppAttestGate: Sendable {
    static let challengeLifetime: TimeInterval = 300

    /// The rules in force (the admin API and `reset` change them).
    let rules: PathPrefixRules<AppAttestRule>
    private let store: SQLiteDatabase

    init(rules: [AppAttestRule], store: SQLiteDatabase) {
        self.rules = PathPrefixRules(rules)
        self.store = store
    }

    // MARK: - Routes

    /// The answer of the challenge and register routes; nil for every other path. `body` is the
    /// plaintext (unsealed) body.
    func answer(method: String, path: String, body: Data) throws -> PalbaseResponse? {
        switch path {
        case AppAttestWire.challengePath:
            guard method == "GET" else { throw PalbaseHTTPError.methodNotAllowed(method, allowed: ["GET"]) }
            let challenge = try issueChallenge()
            return PalbaseResponse(json: AnyCodableValue.object(["challenge": .string(challenge)]).jsonData)
        case AppAttestWire.registerPath:
            guard method == "POST" else { throw PalbaseHTTPError.methodNotAllowed(method, allowed: ["POST"]) }
            try register(try EmulatorJSON.decode(Registration.self, from: body))
            return .noContent
        default:
            return nil
        }
    }

    /// Returns when `path` demands no assertion or the request carries a valid one over `rawBody` (the
    /// body as received); otherwise throws 401 `app_attest_required`.
    func check(path: String, headers: HTTPHeaders, rawBody: Data) throws {
        guard !path.hasPrefix("/auth/attest/"), rules.rule(for: path) != nil else { return }
        guard let keyID = headers[AppAttestWire.keyHeader], let value = headers[AppAttestWire.assertionHeader] else {
            throw Self.required("App Attest assertion required")
        }
        guard let (challenge, assertion) = AppAttestWire.parseAssertionHeader(value) else {
            throw Self.required("The App Attest assertion header is malformed")
        }
        guard try consume(challenge) else {
            throw Self.required("The App Attest challenge is unknown, expired or already used")
        }
        guard let key = try registeredKey(keyID) else { throw Self.required("The App Attest key is not registered") }
        let hash = AppAttestWire.assertionClientDataHash(challenge: challenge, body: rawBody)
        guard AppAttestTestFormat.isValidAssertion(assertion, by: key, clientDataHash: hash) else {
            throw Self.required("The App Attest assertion does not verify")
        }
    }

    // MARK: - Storage

    private func issueChallenge() throws -> String {
        let challenge = Base64URL.encode(SecureRandom.bytes(32))
        let now = Date().timeIntervalSince1970
        try store.transaction {
            try store.execute("DELETE FROM attest_challenges WHERE expires_at <= ?", [.real(now)])
            try store.execute(
                "INSERT INTO attest_challenges (challenge, expires_at) VALUES (?, ?)",
                [.text(challenge), .real(now + Self.challengeLifetime)])
        }
        return challenge
    }

    /// Deletes `challenge` and tells whether it was issued and still live.
    private func consume(_ challenge: String) throws -> Bool {
        try store.transaction {
            guard
                let row = try store.query(
                    "SELECT expires_at FROM attest_challenges WHERE challenge = ?", [.text(challenge)]
                ).first
            else { return false }
            try store.execute("DELETE FROM attest_challenges WHERE challenge = ?", [.text(challenge)])
            return (row.double("expires_at") ?? 0) > Date().timeIntervalSince1970
        }
    }

    private func register(_ registration: Registration) throws {
        guard try consume(registration.challenge) else {
            throw Self.invalid("The challenge is unknown, expired or already used")
        }
        guard let attestation = Base64URL.decode(registration.attestation),
            let key = AppAttestTestFormat.attestedKey(
                attestation, keyID: registration.keyId,
                clientDataHash: AppAttestWire.attestationClientDataHash(challenge: registration.challenge))
        else {
            throw Self.invalid("The attestation is not a test attestation of this key for this challenge")
        }
        try store.execute(
            "INSERT OR REPLACE INTO attest_keys (key_id, public_key, created_at) VALUES (?, ?, ?)",
            [.text(registration.keyId), .blob(key.x963Representation), .text(EmulatorJSON.timestamp())])
    }

    private func registeredKey(_ keyID: String) throws -> P256PublicKey? {
        guard let row = try store.query("SELECT public_key FROM attest_keys WHERE key_id = ?", [.text(keyID)]).first,
            let point = row.data("public_key")
        else { return nil }
        return try? P256PublicKey(x963Representation: point)
    }

    private struct Registration: Decodable {
        let keyId: String
        let attestation: String
        let challenge: String
    }

    private static func required(_ description: String) -> PalbaseHTTPError {
        PalbaseHTTPError(status: 401, code: "app_attest_required", description: description)
    }

    private static func invalid(_ description: String) -> PalbaseHTTPError {
        PalbaseHTTPError(status: 400, code: "attestation_invalid", description: description)
    }
}
