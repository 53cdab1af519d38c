import Foundation

/// The bytes App Attest puts on the wire between Palbe and a Palbase server: the one definition the
/// SDK (which makes them) and the local emulator (which checks them) both read.
///
/// The contract fixes the routes (`GET /auth/attest/challenge` → `{"challenge"}`,
/// `POST /auth/attest/register` `{key_id, attestation, challenge}`) and the two headers, and says an
/// assertion covers "SHA-256 of a fresh challenge and the body". It leaves open how the two are
/// combined and how the challenge reaches the server; this is what Palbe chose:
///
/// - A challenge is the `challenge` member's text as the server sent it, used once.
/// - Attesting a key: `clientDataHash = SHA-256(UTF-8 challenge)`.
/// - An assertion on a request: `clientDataHash = SHA-256(UTF-8 challenge ‖ body)`, where `body` is
///   the request body exactly as sent: the sealed envelope when the body is sealed, nothing for a
///   request without one.
/// - The retried request carries `X-Palbase-Attest-Key: <key_id>` and
///   `X-Palbase-Attest-Assertion: <challenge>.<base64url(assertion)>`: the challenge travels in front
///   of the assertion, after a `.`, which neither a base64url challenge nor the assertion contains.
/// - The attestation in the register body, like the assertion, is base64url without padding.
package enum AppAttestWire {
    /// The header naming the attested key.
    package static let keyHeader = "X-Palbase-Attest-Key"
    /// The header carrying the challenge and the assertion.
    package static let assertionHeader = "X-Palbase-Attest-Assertion"
    /// The route that hands out challenges.
    package static let challengePath = "/auth/attest/challenge"
    /// The route that registers an attested key.
    package static let registerPath = "/auth/attest/register"

    /// What an attestation of a key covers: SHA-256 of the challenge's UTF-8 text.
    package static func attestationClientDataHash(challenge: String) -> Data {
        SHA256.hash(Data(challenge.utf8))
    }

    /// What an assertion on a request covers: SHA-256 of the challenge's UTF-8 text, then the body as
    /// sent.
    package static func assertionClientDataHash(challenge: String, body: Data) -> Data {
        var hasher = SHA256.Hasher()
        hasher.update(Data(challenge.utf8))
        hasher.update(body)
        return hasher.finalize()
    }

    /// `<challenge>.<base64url(assertion)>`, the value of ``assertionHeader``.
    package static func assertionHeaderValue(challenge: String, assertion: Data) -> String {
        challenge + "." + Base64URL.encode(assertion)
    }

    /// The challenge and assertion of an ``assertionHeader`` value; `nil` unless it is exactly two
    /// non-empty parts around one `.` and the second decodes.
    package static func parseAssertionHeader(_ value: String) -> (challenge: String, assertion: Data)? {
        let parts = value.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, let assertion = Base64URL.decode(String(parts[1])),
            !assertion.isEmpty
        else { return nil }
        return (String(parts[0]), assertion)
    }

    /// Whether `challenge` can travel in ``assertionHeader``: non-empty, at most 512 bytes, printable
    /// ASCII without `.`.
    package static func isUsableChallenge(_ challenge: String) -> Bool {
        (1...512).contains(challenge.utf8.count)
            && challenge.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: ".") }
    }
}
