import ErrorCore
import Foundation
import SDKCrypto

/// The bytes a passkey ceremony signs, built exactly as the contract spells them, for the
/// authenticators that build their own (``SoftwareAuthenticator``).
package enum PasskeyWireFormat {
    /// User present (0x01) and user verified (0x04): a passkey is always both.
    package static let flags: UInt8 = 0x05

    /// The origin a native app's ceremony reports for `rpID`, as Apple's platform authenticator
    /// writes it: `https://<rp_id>`.
    package static func origin(rpID: String) -> String { "https://\(rpID)" }

    /// `{"type","challenge","origin"}` as UTF-8 JSON, the challenge in base64url.
    package static func clientDataJSON(type: String, challenge: Data, origin: String) -> Data {
        let fields: AnyCodableValue = [
            "type": .string(type), "challenge": .string(Base64URL.encode(challenge)), "origin": .string(origin),
        ]
        return fields.jsonData
    }

    /// rpIdHash(32) ‖ flags(1) ‖ signCount(4, big-endian).
    package static func authenticatorData(rpID: String, flags: UInt8 = flags, signCount: UInt32) -> Data {
        var data = SHA256.hash(Data(rpID.utf8))
        data.append(flags)
        data.append(contentsOf: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: signCount >> $0) })
        return data
    }

    /// What an authenticator signs: authenticator_data ‖ SHA-256(client_data_json).
    package static func signedBytes(authenticatorData: Data, clientDataJSON: Data) -> Data {
        authenticatorData + SHA256.hash(clientDataJSON)
    }
}
