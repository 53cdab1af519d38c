#if canImport(DeviceCheck)
    import DeviceCheck
    import Foundation

    /// Apple's App Attest: the shared `DCAppAttestService`, whose key lives in the Secure Enclave.
    ///
    /// Written against Apple's documented API (`DCAppAttestService.shared`, `isSupported`,
    /// `generateKey(completionHandler:)`, `attestKey(_:clientDataHash:completionHandler:)`,
    /// `generateAssertion(_:clientDataHash:completionHandler:)`), each completion handler bridged to
    /// `async` here. The key identifier is kept by ``AppAttestEnrollment`` in the SDK's secure store;
    /// Apple keeps the key. On the Simulator and a Mac `isSupported` is false, so nothing else is called.
    package struct PlatformAppAttester: AppAttester {
        /// The shared service.
        package init() {}

        package var isSupported: Bool { DCAppAttestService.shared.isSupported }

        package func generateKey() async throws -> String {
            try await withCheckedThrowingContinuation { continuation in
                DCAppAttestService.shared.generateKey { keyID, error in
                    continuation.resume(with: Self.result(keyID, error))
                }
            }
        }

        package func attestKey(_ keyID: String, clientDataHash: Data) async throws -> Data {
            try await withCheckedThrowingContinuation { continuation in
                DCAppAttestService.shared.attestKey(keyID, clientDataHash: clientDataHash) { attestation, error in
                    continuation.resume(with: Self.result(attestation, error))
                }
            }
        }

        package func generateAssertion(_ keyID: String, clientDataHash: Data) async throws -> Data {
            try await withCheckedThrowingContinuation { continuation in
                DCAppAttestService.shared.generateAssertion(keyID, clientDataHash: clientDataHash) { assertion, error in
                    continuation.resume(with: Self.result(assertion, error))
                }
            }
        }

        /// The value, or the error; a handler that gave neither is a failure too.
        private static func result<T>(_ value: T?, _ error: (any Error)?) -> Result<T, any Error> {
            if let error { return .failure(error) }
            guard let value else { return .failure(NoResult()) }
            return .success(value)
        }

        /// DeviceCheck answered with neither a value nor an error.
        private struct NoResult: Error, CustomStringConvertible {
            var description: String { "DCAppAttestService answered with neither a result nor an error" }
        }
    }
#endif
