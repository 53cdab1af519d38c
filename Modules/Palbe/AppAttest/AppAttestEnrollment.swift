import ErrorCore
import Foundation
import SDKCrypto

/// One client's App Attest key and what it takes to assert with it: enrolling the key once
/// (challenge, attest, register), remembering its id in the secure store, and making the assertion a
/// retried request carries (fresh challenge, assertion over challenge and body).
///
/// An actor, so concurrent calls that all meet `app_attest_required` enroll one key between them.
/// Its requests go through the client's pipeline with ``ExchangePlan/attestation``, which carries no
/// session and has no attestation rule, so enrolling can never start another enrollment.
///
/// The key id is kept under `palbe-attest-<32 hex digits>` (one per environment, like the session) in
/// the client's session store. A stored id the attester no longer knows (an app reinstalled: the
/// Keychain survives, the Secure Enclave key does not) is enrolled again once; an id the server
/// refused an assertion from is forgotten, so the next demand enrolls a new key.
actor AppAttestEnrollment {
    private let attester: (any AppAttester)?
    private let store: any SecureStore
    private let storeKey: String
    /// The registered key, once known (enrolled here, or read from the store).
    private var keyID: String?
    private var readStore = false
    /// The enrollment in progress, which concurrent callers wait for instead of starting their own.
    private var enrolling: Task<Enrolled, Never>?

    init(attester: (any AppAttester)?, store: any SecureStore, storeKey: String) {
        self.attester = attester
        self.store = store
        self.storeKey = storeKey
    }

    /// The store key for `configuration`'s environment: `palbe-attest-` and the session item's digest.
    static func storeKey(for configuration: PalbeConfiguration) -> String {
        "palbe-attest-" + SessionStorage.itemKey(for: configuration).dropFirst("palbe-session-".count)
    }

    /// The headers of a retry whose body (as sent) is `body`: the key id and `<challenge>.<assertion>`
    /// over a fresh challenge and `body`, enrolling the key first when none is registered.
    func assertionHeaders(
        coveringBody body: Data, via pipeline: RequestPipeline
    ) async throws(AppAttestError) -> HTTPHeaders {
        guard let attester else { throw .unsupported(reason: AppAttesters.noAttester) }
        guard attester.isSupported else {
            throw .unsupported(reason: "the device reports App Attest unsupported (the Simulator, a Mac, an extension)")
        }
        var key = try await registeredKey(attester, via: pipeline)
        // At most two keys: the registered one, and a fresh one when the attester lost it.
        for _ in 0..<2 {
            let challenge = try await Self.challenge(via: pipeline)
            let hash = AppAttestWire.assertionClientDataHash(challenge: challenge, body: body)
            let assertion: Data
            do {
                assertion = try await attester.generateAssertion(key.id, clientDataHash: hash)
            } catch {
                forget(key.id)
                // A stored key the attester lost is enrolled again, once; a fresh key failing is final.
                guard !key.fresh else { throw .malformedAssertion(reason: "the attester failed: \(error)") }
                key = try await registeredKey(attester, via: pipeline)
                continue
            }
            guard !assertion.isEmpty else { throw .malformedAssertion(reason: "the attester returned no bytes") }
            return [
                AppAttestWire.keyHeader: key.id,
                AppAttestWire.assertionHeader: AppAttestWire.assertionHeaderValue(
                    challenge: challenge, assertion: assertion),
            ]
        }
        throw .malformedAssertion(reason: "the attester could assert with neither its stored key nor a new one")
    }

    /// The server refused the assertion made with `keyID`: forget the key, so the next demand enrolls
    /// a new one.
    func assertionRefused(keyID: String) {
        forget(keyID)
    }

    /// The registered key, and whether this call enrolled it.
    private func registeredKey(
        _ attester: any AppAttester, via pipeline: RequestPipeline
    ) async throws(AppAttestError) -> (id: String, fresh: Bool) {
        if let keyID { return (keyID, false) }
        if !readStore {
            readStore = true
            // An unreadable store reads as no key: enrolling again costs a key, never a call.
            if let stored = try? store.read(storeKey), let id = String(data: stored, encoding: .utf8), !id.isEmpty {
                keyID = id
                return (id, false)
            }
        }
        let task: Task<Enrolled, Never>
        if let enrolling {
            task = enrolling
        } else {
            task = Task { await Self.enroll(attester, via: pipeline) }
            enrolling = task
        }
        let result = await task.value
        if enrolling == task { enrolling = nil }
        if case .success(let id) = result, keyID != id {
            keyID = id
            try? store.write(Data(id.utf8), for: storeKey)
        }
        return (try result.get(), true)
    }

    private func forget(_ id: String) {
        guard keyID == id else { return }
        keyID = nil
        try? store.delete(storeKey)
    }

    /// Challenge, new key, attestation, registration: the key id once the server registered it.
    private static func enroll(_ attester: any AppAttester, via pipeline: RequestPipeline) async -> Enrolled {
        do throws(AppAttestError) {
            let challenge = try await Self.challenge(via: pipeline)
            let keyID: String
            let attestation: Data
            do {
                keyID = try await attester.generateKey()
                attestation = try await attester.attestKey(
                    keyID, clientDataHash: AppAttestWire.attestationClientDataHash(challenge: challenge))
            } catch {
                throw .attestationFailed(reason: "\(error)")
            }
            let registration = Registration(
                keyId: keyID, attestation: Base64URL.encode(attestation), challenge: challenge)
            do {
                _ = try await pipeline.send(PBRequest(.post, ["auth", "attest", "register"], body: registration))
            } catch {
                throw .enrollmentFailed(reason: describe(error, route: "POST \(AppAttestWire.registerPath)"))
            }
            return .success(keyID)
        } catch {
            return .failure(error)
        }
    }

    /// A fresh challenge from `GET /auth/attest/challenge`.
    private static func challenge(via pipeline: RequestPipeline) async throws(AppAttestError) -> String {
        let route = "GET \(AppAttestWire.challengePath)"
        let answer: Challenge
        do {
            let delivery = try await pipeline.send(PBRequest(.get, ["auth", "attest", "challenge"]))
            answer = try delivery.decoded(as: Challenge.self)
        } catch {
            throw .challengeUnavailable(reason: describe(error, route: route))
        }
        guard AppAttestWire.isUsableChallenge(answer.challenge) else {
            throw .challengeUnavailable(reason: "\(route) answered a challenge that cannot be used")
        }
        return answer.challenge
    }

    /// `POST /auth/attest/register answered 400 attestation_invalid: <description>`, or what stopped
    /// the request.
    private static func describe(_ error: BackendError, route: String) -> String {
        let message = error.errorDescription ?? error.code
        if let status = error.statusCode {
            return "\(route) answered \(status) \(error.code): \(message)"
        }
        return "\(route) failed (\(error.code)): \(message)"
    }

    /// The key id an enrollment registered, or why it could not.
    private typealias Enrolled = Result<String, AppAttestError>

    private struct Challenge: Decodable {
        let challenge: String
    }

    private struct Registration: Encodable, Sendable {
        let keyId: String
        let attestation: String
        let challenge: String
    }
}

extension RequestPipeline {
    /// One of the enrollment's own requests (``ExchangePlan/attestation``).
    fileprivate func send(_ request: PBRequest) async throws(BackendError) -> Delivery {
        var rejection: ExchangeRejection?
        return try await exchange(request, plan: .attestation, authority: nil, rejection: &rejection)
    }
}
