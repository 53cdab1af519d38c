import EmulatorTestSupport
import ErrorCore
import Foundation
import Palbe
import SDKCrypto
import Testing

/// The software authenticator and the attestation reader, on their own: the bytes they produce are the
/// contract's, and their credentials stay scoped and counted.
@Suite struct PasskeyAuthenticatorTests {
    private let challenge = Data((0..<32).map { UInt8($0) })

    @Test func aRegistrationIsSelfSignedInTheContractsShape() async throws {
        let authenticator = SoftwareAuthenticator(store: ScriptedSecureStore())
        let made = try await authenticator.createCredential(
            PasskeyCreationRequest(
                rpID: "app.example", challenge: challenge, userID: "u1", userName: "a@example.com", displayName: "A"))
        var expected = SHA256.hash(Data("app.example".utf8))
        expected.append(contentsOf: [0x05, 0, 0, 0, 0])
        #expect(made.authenticatorData == expected)
        let clientData = try JSONDecoder().decode([String: String].self, from: made.clientDataJSON)
        #expect(
            clientData == [
                "type": "webauthn.create", "challenge": Base64URL.encode(challenge), "origin": "https://app.example",
            ])
        let key = try P256PublicKey(x963Representation: made.publicKey)
        let signature = try P256Signature(derRepresentation: try #require(made.signature))
        #expect(key.isValidSignature(signature, for: made.authenticatorData + SHA256.hash(made.clientDataJSON)))
    }

    @Test func assertionsCountUpAndAreScopedToTheirRelyingParty() async throws {
        let store = ScriptedSecureStore()
        let authenticator = SoftwareAuthenticator(store: store)
        let made = try await authenticator.createCredential(
            PasskeyCreationRequest(
                rpID: "app.example", challenge: challenge, userID: "u1", userName: "a", displayName: "a"))
        let key = try P256PublicKey(x963Representation: made.publicKey)
        for count in 1...3 {
            let signed = try await authenticator.assert(
                PasskeyAssertionRequest(rpID: "app.example", challenge: challenge))
            #expect(signed.credentialID == made.credentialID)
            #expect(Array(signed.authenticatorData.suffix(4)) == [0, 0, 0, UInt8(count)])
            let clientData = try JSONDecoder().decode([String: String].self, from: signed.clientDataJSON)
            #expect(clientData["type"] == "webauthn.get")
            let signature = try P256Signature(derRepresentation: signed.signature)
            #expect(key.isValidSignature(signature, for: signed.authenticatorData + SHA256.hash(signed.clientDataJSON)))
        }
        await #expect(throws: PasskeyAuthenticatorError.noCredential(rpID: "other.example")) {
            try await authenticator.assert(PasskeyAssertionRequest(rpID: "other.example", challenge: challenge))
        }
    }

    @Test func aNewCredentialForTheSameUserReplacesTheOldOneAndTheNewestIsOfferedFirst() async throws {
        let store = ScriptedSecureStore()
        let prompts = Locked<[PasskeyPrompt]>([])
        let authenticator = SoftwareAuthenticator(store: store) { prompt in
            prompts.withLock { $0.append(prompt) }
            return true
        }
        func create(_ user: String) async throws -> Data {
            try await authenticator.createCredential(
                PasskeyCreationRequest(
                    rpID: "app.example", challenge: challenge, userID: user, userName: user, displayName: user)
            ).credentialID
        }
        _ = try await create("alice")
        let bob = try await create("bob")
        let alice = try await create("alice")
        #expect(try authenticator.credentialCount(rpID: "app.example") == 2)
        let signed = try await authenticator.assert(PasskeyAssertionRequest(rpID: "app.example", challenge: challenge))
        #expect(signed.credentialID == alice)
        #expect(signed.credentialID != bob)
        #expect(
            prompts.withLock { $0.last } == PasskeyPrompt(kind: .sign, rpID: "app.example", accounts: ["alice", "bob"]))
    }

    @Test func aDeclinedSheetIsACancellationAndStoresNothing() async throws {
        let store = ScriptedSecureStore()
        let authenticator = SoftwareAuthenticator(store: store) { _ in false }
        await #expect(throws: PasskeyAuthenticatorError.cancelled) {
            try await authenticator.createCredential(
                PasskeyCreationRequest(
                    rpID: "app.example", challenge: challenge, userID: "u", userName: "u", displayName: "u"))
        }
        #expect(try store.read(SoftwareAuthenticator.itemKey(rpID: "app.example")) == nil)
    }

    @Test func theFileStoreKeepsCredentialsOwnerOnlyAndNothingPrintsAKey() async throws {
        try await withTemporaryDirectory { directory in
            let authenticator = SoftwareAuthenticator(store: FileSecureStore(directory: directory))
            _ = try await authenticator.createCredential(
                PasskeyCreationRequest(
                    rpID: "app.example", challenge: challenge, userID: "u", userName: "u", displayName: "u"))
            let file = directory.appendingPathComponent(SoftwareAuthenticator.itemKey(rpID: "app.example")).path
            let permissions = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
            #expect(permissions == 0o600)
            let item = try #require(
                try FileSecureStore(directory: directory).read(
                    SoftwareAuthenticator.itemKey(rpID: "app.example")))
            let stored = try JSONSerialization.jsonObject(with: item) as? [String: Any]
            let credential = try #require((stored?["credentials"] as? [[String: Any]])?.first)
            let privateKey = try #require(credential["private_key"] as? String)
            var dumped = ""
            dump(authenticator, to: &dumped)
            #expect(!privateKey.isEmpty && !dumped.contains(privateKey))
            #expect(String(describing: authenticator) == "SoftwareAuthenticator(<redacted>)")
        }
    }
}
