import ErrorCore
import Foundation
import SDKCrypto

// The passkey authenticator seam, the platform's default, and the WebAuthn bytes both sides agree on.

// MARK: - PasskeyAuthenticator

/// The device side of a passkey ceremony: the one seam between `pb.auth` and whatever holds the
/// private keys.
///
/// On Apple platforms it is ``PlatformPasskeyAuthenticator`` (the system sheet,
/// `ASAuthorizationPlatformPublicKeyCredentialProvider`); elsewhere ``SoftwareAuthenticator``, which
/// keeps ES256 credentials in the secure store. Tests and tools may pass their own through
/// ``PalbeRuntime/passkeyAuthenticator``.
///
/// Both methods answer in the contract's shapes (`palbase.md`, passkeys): `authenticator_data` is
/// rpIdHash(32) ‖ flags(1) ‖ signCount(4), and a signature covers authenticator_data ‖
/// SHA-256(client_data_json), where `client_data_json` holds `{type, challenge, origin}`.
package protocol PasskeyAuthenticator: Sendable {
    /// Creates a discoverable credential for `request.rpID` and the account it names
    /// (`webauthn.create`).
    ///
    /// - Throws: ``PasskeyAuthenticatorError/cancelled`` when the user dismisses the sheet.
    func createCredential(
        _ request: PasskeyCreationRequest
    ) async throws(PasskeyAuthenticatorError)
        -> PasskeyRegistration

    /// Signs the challenge with a credential of `request.rpID` the user picks (`webauthn.get`); no
    /// account is named, the credential says whose it is.
    ///
    /// - Throws: ``PasskeyAuthenticatorError/cancelled`` when the user dismisses the sheet,
    ///   ``PasskeyAuthenticatorError/noCredential(rpID:)`` when the device has none for the host.
    func assert(_ request: PasskeyAssertionRequest) async throws(PasskeyAuthenticatorError) -> PasskeyAssertion
}

/// What a new credential is for: the server's options for a `register` or `signup` ceremony.
package struct PasskeyCreationRequest: Sendable, Equatable {
    /// The relying party: the Environment's host.
    package var rpID: String
    /// The server's challenge, as bytes (the options carry it as base64url).
    package var challenge: Data
    /// The account's id, the credential's user handle.
    package var userID: String
    /// The account's name as the sheet shows it (an email address).
    package var userName: String
    /// A friendlier name, when the app gave one.
    package var displayName: String

    /// A request from its parts.
    package init(rpID: String, challenge: Data, userID: String, userName: String, displayName: String) {
        self.rpID = rpID
        self.challenge = challenge
        self.userID = userID
        self.userName = userName
        self.displayName = displayName
    }
}

/// What a sign-in asks of the authenticator: the server's options for a `login` or `step_up`
/// ceremony.
package struct PasskeyAssertionRequest: Sendable, Equatable {
    /// The relying party: the Environment's host.
    package var rpID: String
    /// The server's challenge, as bytes.
    package var challenge: Data

    /// A request from its parts.
    package init(rpID: String, challenge: Data) {
        self.rpID = rpID
        self.challenge = challenge
    }
}

/// A new credential: what `/auth/passkey/verify` needs to store it.
package struct PasskeyRegistration: Sendable, Equatable {
    /// The credential's id.
    package var credentialID: Data
    /// The 65-byte uncompressed P-256 public key.
    package var publicKey: Data
    /// The client data the authenticator hashed (`type` `webauthn.create`).
    package var clientDataJSON: Data
    /// rpIdHash ‖ flags ‖ signCount: 37 bytes.
    package var authenticatorData: Data
    /// A signature over authenticator_data ‖ SHA-256(client_data_json) with the new key, proving
    /// possession; `nil` when the platform does not give one (Apple's `none` attestation).
    package var signature: Data?

    /// A registration from its parts.
    package init(
        credentialID: Data, publicKey: Data, clientDataJSON: Data, authenticatorData: Data, signature: Data?
    ) {
        self.credentialID = credentialID
        self.publicKey = publicKey
        self.clientDataJSON = clientDataJSON
        self.authenticatorData = authenticatorData
        self.signature = signature
    }
}

/// A signed challenge: what `/auth/passkey/verify` checks for a sign-in.
package struct PasskeyAssertion: Sendable, Equatable {
    /// The id of the credential that signed.
    package var credentialID: Data
    /// The client data the authenticator hashed (`type` `webauthn.get`).
    package var clientDataJSON: Data
    /// rpIdHash ‖ flags ‖ signCount: 37 bytes.
    package var authenticatorData: Data
    /// The ECDSA signature over authenticator_data ‖ SHA-256(client_data_json), DER-encoded.
    package var signature: Data

    /// An assertion from its parts.
    package init(credentialID: Data, clientDataJSON: Data, authenticatorData: Data, signature: Data) {
        self.credentialID = credentialID
        self.clientDataJSON = clientDataJSON
        self.authenticatorData = authenticatorData
        self.signature = signature
    }
}

/// Why an authenticator produced nothing. ``AuthErrorMapping`` turns it into the ``AuthError`` the
/// caller sees.
package enum PasskeyAuthenticatorError: Error, Sendable, Equatable {
    /// The user dismissed the sheet.
    case cancelled
    /// The device holds no passkey for the host.
    case noCredential(rpID: String)
    /// The authenticator failed (its store, its crypto, the platform); never holds key material.
    case failed(String)
}

// MARK: - PasskeyAuthenticators

/// The platform's own ``PasskeyAuthenticator``.
package enum PasskeyAuthenticators {
    /// The system sheet (``PlatformPasskeyAuthenticator``) where AuthenticationServices exists;
    /// elsewhere a ``SoftwareAuthenticator`` keeping its credentials in `store`, the secure store the
    /// session lives in.
    package static func platformDefault(store: any SecureStore) -> any PasskeyAuthenticator {
        #if canImport(AuthenticationServices) && !os(tvOS) && !os(watchOS)
            PlatformPasskeyAuthenticator()
        #else
            SoftwareAuthenticator(store: store)
        #endif
    }
}

// MARK: - PasskeyWireFormat

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
