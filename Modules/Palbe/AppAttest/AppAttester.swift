import Foundation

// The attester seam: what makes and uses the device's App Attest key.

// MARK: - AppAttester

/// What makes and uses the device's App Attest key: Apple's `DCAppAttestService` on a device
/// (``PlatformAppAttester``), `TestAppAttester` (in `PalbeTesting`) for tests and the CLI.
///
/// The calls mirror `DCAppAttestService`'s. ``AppAttestEnrollment`` calls ``generateKey()`` once per
/// key, ``attestKey(_:clientDataHash:)`` once per key, and
/// ``generateAssertion(_:clientDataHash:)`` once per retried request; it never calls any of them
/// when ``isSupported`` is false. Errors thrown here are described, never shown raw.
package protocol AppAttester: Sendable {
    /// Whether this device can attest at all.
    var isSupported: Bool { get }
    /// Creates a key and returns its identifier (the key itself stays with the attester).
    func generateKey() async throws -> String
    /// The attestation object vouching for the key `keyID`, bound to `clientDataHash`.
    func attestKey(_ keyID: String, clientDataHash: Data) async throws -> Data
    /// The assertion of the key `keyID` over `clientDataHash`.
    func generateAssertion(_ keyID: String, clientDataHash: Data) async throws -> Data
}

// MARK: - AppAttesters

/// The platform's own ``AppAttester``.
package enum AppAttesters {
    /// ``PlatformAppAttester`` where DeviceCheck exists (it answers ``AppAttester/isSupported`` itself:
    /// false on the Simulator and on a Mac); `nil` elsewhere (Linux), where nothing can attest.
    package static var platformDefault: (any AppAttester)? {
        #if canImport(DeviceCheck)
            PlatformAppAttester()
        #else
            nil
        #endif
    }

    /// The reason a client without an attester gives.
    package static let noAttester = "App Attest exists only on Apple devices, and this platform has no attester"
}
