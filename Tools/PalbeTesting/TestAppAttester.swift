import AppAttestTestSupport
import ErrorCore
import Foundation
import Palbe
import SDKCrypto

/// An attester in the emulator's test format (``AppAttestTestFormat``): P-256 keys held in memory,
/// attested by the emulator's test CA. For tests and the CLI, against the emulator, which cannot
/// verify Apple's attestations.
///
/// It can be told to fail any step, or to forge one, so every way enrollment or an assertion can go
/// wrong is reachable on the emulator.
package final class TestAppAttester: AppAttester {
    /// A step to fail or forge.
    package enum Fault: Sendable, Hashable {
        /// ``isSupported`` is false.
        case unsupported
        /// ``generateKey()`` throws.
        case generateKey
        /// ``attestKey(_:clientDataHash:)`` throws.
        case attestKey
        /// ``generateAssertion(_:clientDataHash:)`` throws.
        case generateAssertion
        /// Attestations are signed by a CA the emulator does not trust.
        case forgedAttestation
        /// Assertions are signed by a key that was never attested.
        case forgedAssertion
    }

    /// What a step told to fail throws.
    package struct Refusal: Error, Sendable, Equatable, CustomStringConvertible {
        /// The step.
        package let fault: Fault
        /// `the test attester was told to fail <step>`.
        package var description: String { "the test attester was told to fail \(fault)" }
    }

    private let faults: Set<Fault>
    private let keys = Locked<[String: P256PrivateKey]>([:])

    /// An attester that fails or forges the steps in `faults`, and does every other step right.
    package init(faults: Set<Fault> = []) {
        self.faults = faults
    }

    /// How many keys ``generateKey()`` made.
    package var generatedKeys: Int { keys.withLock { $0.count } }

    package var isSupported: Bool { !faults.contains(.unsupported) }

    package func generateKey() async throws -> String {
        guard !faults.contains(.generateKey) else { throw Refusal(fault: .generateKey) }
        let key = P256PrivateKey()
        let keyID = AppAttestTestFormat.keyID(for: key.publicKey)
        keys.withLock { $0[keyID] = key }
        return keyID
    }

    package func attestKey(_ keyID: String, clientDataHash: Data) async throws -> Data {
        guard !faults.contains(.attestKey) else { throw Refusal(fault: .attestKey) }
        let key = try self.key(keyID)
        let authority =
            faults.contains(.forgedAttestation) ? P256PrivateKey() : AppAttestTestFormat.certificateAuthority
        return try AppAttestTestFormat.attestation(
            of: key.publicKey, clientDataHash: clientDataHash, signedBy: authority)
    }

    package func generateAssertion(_ keyID: String, clientDataHash: Data) async throws -> Data {
        guard !faults.contains(.generateAssertion) else { throw Refusal(fault: .generateAssertion) }
        let key = faults.contains(.forgedAssertion) ? P256PrivateKey() : try self.key(keyID)
        return try AppAttestTestFormat.assertion(by: key, clientDataHash: clientDataHash)
    }

    private func key(_ keyID: String) throws -> P256PrivateKey {
        guard let key = keys.withLock({ $0[keyID] }) else { throw UnknownKey(keyID: keyID) }
        return key
    }

    /// A key id this attester never made (as `DCError.invalidKey` on a device).
    package struct UnknownKey: Error, Sendable, Equatable, CustomStringConvertible {
        /// The id asked for.
        package let keyID: String
        /// `the test attester holds no key <id>`.
        package var description: String { "the test attester holds no key \(keyID)" }
    }
}
