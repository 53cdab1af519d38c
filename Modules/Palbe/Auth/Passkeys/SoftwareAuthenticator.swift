import ErrorCore
import Foundation
import SDKCrypto

/// A passkey authenticator in software, for platforms without one (Linux, the `sdk` CLI): ES256
/// credentials that are discoverable per relying party, kept in a ``SecureStore`` (owner-only files
/// on Linux, the same store as the session), each with its own sign count.
///
/// Keys come from the CSPRNG (``P256PrivateKey/init()``); a private key never leaves the store
/// except to sign, and never reaches a description, `dump` or `Mirror`. A credential created for a
/// user the store already holds for that relying party replaces it, as platform authenticators do.
/// The sign count is raised and stored before an assertion is handed out, so a copy of the store
/// taken earlier answers with a count the server has already seen.
///
/// ``consent`` stands in for the system sheet: it is asked before every ceremony and a `false`
/// answer is ``PasskeyAuthenticatorError/cancelled``. Safe to share across tasks; ceremonies on one
/// process are serialised, so two never hand out the same count.
package struct SoftwareAuthenticator: PasskeyAuthenticator, CustomStringConvertible, CustomReflectable {
    /// What the user is asked, and answers with `true` to go ahead.
    package typealias Consent = @Sendable (PasskeyPrompt) async -> Bool

    /// Where the credentials live.
    package let store: any SecureStore
    /// The stand-in for the system sheet.
    package let consent: Consent

    /// One lock per process: a ceremony reads, raises and writes a count, which must not interleave.
    private static let ceremonies = Locked(())

    /// An authenticator keeping its credentials in `store`, asking `consent` before each ceremony
    /// (by default, the user always agrees).
    package init(store: any SecureStore, consent: @escaping Consent = { _ in true }) {
        self.store = store
        self.consent = consent
    }

    package func createCredential(
        _ request: PasskeyCreationRequest
    ) async throws(PasskeyAuthenticatorError) -> PasskeyRegistration {
        guard await consent(PasskeyPrompt(kind: .create, rpID: request.rpID, accounts: [request.userName])) else {
            throw .cancelled
        }
        let key = P256PrivateKey()
        let credential = StoredPasskey(
            id: SecureRandom.bytes(16), privateKey: key.rawRepresentation, userID: request.userID,
            userName: request.userName, signCount: 0)
        let clientData = PasskeyWireFormat.clientDataJSON(
            type: "webauthn.create", challenge: request.challenge, origin: PasskeyWireFormat.origin(rpID: request.rpID))
        let authenticatorData = PasskeyWireFormat.authenticatorData(rpID: request.rpID, signCount: 0)
        let signature = try Self.sign(
            PasskeyWireFormat.signedBytes(authenticatorData: authenticatorData, clientDataJSON: clientData), with: key)
        try Self.ceremonies.withLock { _ throws(PasskeyAuthenticatorError) in
            var stored = try credentials(rpID: request.rpID)
            stored.removeAll { $0.userID == request.userID }
            stored.append(credential)
            try save(stored, rpID: request.rpID)
        }
        return PasskeyRegistration(
            credentialID: credential.id, publicKey: key.publicKey.x963Representation, clientDataJSON: clientData,
            authenticatorData: authenticatorData, signature: signature)
    }

    package func assert(
        _ request: PasskeyAssertionRequest
    ) async throws(PasskeyAuthenticatorError) -> PasskeyAssertion {
        let available = try Self.ceremonies.withLock { _ throws(PasskeyAuthenticatorError) in
            try credentials(rpID: request.rpID)
        }
        guard !available.isEmpty else { throw .noCredential(rpID: request.rpID) }
        let prompt = PasskeyPrompt(kind: .sign, rpID: request.rpID, accounts: available.reversed().map(\.userName))
        guard await consent(prompt) else { throw .cancelled }
        // The most recently used credential is the one the sheet would offer first.
        let chosen = try Self.ceremonies.withLock { _ throws(PasskeyAuthenticatorError) -> StoredPasskey in
            var stored = try credentials(rpID: request.rpID)
            guard var credential = stored.popLast() else { throw .noCredential(rpID: request.rpID) }
            credential.signCount &+= 1
            stored.append(credential)
            try save(stored, rpID: request.rpID)
            return credential
        }
        let key: P256PrivateKey
        do {
            key = try P256PrivateKey(rawRepresentation: chosen.privateKey)
        } catch {
            throw .failed("the stored passkey is not a valid P-256 key")
        }
        let clientData = PasskeyWireFormat.clientDataJSON(
            type: "webauthn.get", challenge: request.challenge, origin: PasskeyWireFormat.origin(rpID: request.rpID))
        let authenticatorData = PasskeyWireFormat.authenticatorData(rpID: request.rpID, signCount: chosen.signCount)
        let signature = try Self.sign(
            PasskeyWireFormat.signedBytes(authenticatorData: authenticatorData, clientDataJSON: clientData), with: key)
        return PasskeyAssertion(
            credentialID: chosen.id, clientDataJSON: clientData, authenticatorData: authenticatorData,
            signature: signature)
    }

    /// A DER ECDSA signature, as hardware authenticators emit it.
    private static func sign(_ message: Data, with key: P256PrivateKey) throws(PasskeyAuthenticatorError) -> Data {
        do {
            return try P256Signature(rawRepresentation: try key.signature(for: message)).derRepresentation
        } catch {
            throw .failed("the passkey could not sign (\(error))")
        }
    }

    package var description: String { "SoftwareAuthenticator(<redacted>)" }
    package var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}

/// What ``SoftwareAuthenticator/consent`` is asked.
package struct PasskeyPrompt: Sendable, Equatable {
    /// Which sheet it stands for.
    package enum Kind: Sendable, Equatable {
        /// Save a new passkey.
        case create
        /// Sign in with a saved one.
        case sign
    }

    /// Which sheet it stands for.
    package var kind: Kind
    /// The relying party.
    package var rpID: String
    /// The account names the sheet lists: the new one, or the saved ones, most recent first.
    package var accounts: [String]

    /// A prompt from its parts.
    package init(kind: Kind, rpID: String, accounts: [String]) {
        self.kind = kind
        self.rpID = rpID
        self.accounts = accounts
    }
}
