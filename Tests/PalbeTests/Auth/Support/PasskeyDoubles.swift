import ErrorCore
import Foundation
import Palbe
import SDKCrypto
import SDKTransport

/// Attackers in front of the real ``SoftwareAuthenticator``: each produces what a hostile or broken
/// device would send, so the server's checks are proven end to end. Only the assertion is bent;
/// registration passes through.
struct TamperingAuthenticator: PasskeyAuthenticator {
    enum Attack: Sendable {
        /// The first assertion is recorded and handed out again for every later ceremony.
        case replayFirstAssertion
        /// The real assertion, re-signed with a key the server has never seen.
        case signWithAnotherKey
        /// The ceremony is run for `rpID` instead of the server's (a phishing relay).
        case relyingParty(String)
    }

    let inner: SoftwareAuthenticator
    let attack: Attack
    private let recorded = Locked<PasskeyAssertion?>(nil)

    init(_ inner: SoftwareAuthenticator, _ attack: Attack) {
        self.inner = inner
        self.attack = attack
    }

    func createCredential(
        _ request: PasskeyCreationRequest
    ) async throws(PasskeyAuthenticatorError) -> PasskeyRegistration {
        try await inner.createCredential(request)
    }

    func assert(_ request: PasskeyAssertionRequest) async throws(PasskeyAuthenticatorError) -> PasskeyAssertion {
        switch attack {
        case .replayFirstAssertion:
            if let first = recorded.withLock({ $0 }) { return first }
            let fresh = try await inner.assert(request)
            recorded.withLock { $0 = fresh }
            return fresh
        case .signWithAnotherKey:
            var assertion = try await inner.assert(request)
            let message = assertion.authenticatorData + SHA256.hash(assertion.clientDataJSON)
            let forged = try? P256PrivateKey().signature(for: message)
            assertion.signature = (try? P256Signature(rawRepresentation: forged ?? Data()))?.derRepresentation ?? Data()
            return assertion
        case .relyingParty(let rpID):
            var bent = request
            bent.rpID = rpID
            return try await inner.assert(bent)
        }
    }
}

extension AuthTestBed {
    /// A client of this bed whose passkeys are held by `authenticator`, its session in `store` (by
    /// default the bed's).
    func client(passkeys authenticator: any PasskeyAuthenticator, store: (any SecureStore)? = nil) -> PalbeClient {
        var runtime = recorder.runtime()
        runtime.sessionStore = store ?? self.store
        runtime.passkeyAuthenticator = authenticator
        return PalbeClient(configuration: configuration(), transport: DefaultTransport.make(), runtime: runtime)
    }

    /// The bed's software authenticator: credentials in the bed's store, the user always agreeing.
    var authenticator: SoftwareAuthenticator { SoftwareAuthenticator(store: store) }

    /// The relying party the emulator answers for: the base URL's host.
    var rpID: String { baseURL.host ?? "" }

    /// Every session the emulator holds, for "no session was left behind".
    func allSessions() async throws -> [AnyCodableValue] {
        try await admin("GET", "sessions").body["sessions"]?.arrayValue ?? []
    }
}
