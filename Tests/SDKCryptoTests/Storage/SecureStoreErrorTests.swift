import SDKCrypto
import Testing

@Suite struct SecureStoreErrorTests {
    /// File stores report an `errno` (positive), the Keychain an `OSStatus` (negative); the
    /// description names which, and never a value.
    @Test(arguments: [
        (SecureStoreError(kind: .io, operation: "write", code: 13), "secure store write failed (errno 13)"),
        (
            SecureStoreError(kind: .io, operation: "read", code: -25308),
            "secure store read failed (OSStatus -25308)"
        ),
        (SecureStoreError(kind: .invalidKey, operation: "delete"), "secure store delete: invalid key"),
    ])
    func descriptionNamesTheOperationAndTheCode(error: SecureStoreError, description: String) {
        #expect(error.description == description)
    }
}
