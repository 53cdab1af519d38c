import ErrorCore
import Foundation
import SDKCrypto
import Testing

/// What every ``SecureStore`` must do, run against each store the platform ships
/// (``SecureStoreKind/testable``).
@Suite struct SecureStoreSemanticsTests {
    @Test(arguments: SecureStoreKind.testable)
    func missingKeyReadsNil(_ kind: SecureStoreKind) throws {
        try kind.withFreshStore { store throws in
            #expect(try store.read("token") == nil)
        }
    }

    @Test(arguments: SecureStoreKind.testable)
    func writeThenOverwriteKeepsTheLatestValue(_ kind: SecureStoreKind) throws {
        try kind.withFreshStore { store throws in
            try store.write(Data("one".utf8), for: "token")
            #expect(try store.read("token") == Data("one".utf8))
            try store.write(Data("two".utf8), for: "token")
            #expect(try store.read("token") == Data("two".utf8))
        }
    }

    /// Values are opaque bytes: not UTF-8, and longer than one read buffer of the file store.
    @Test(arguments: SecureStoreKind.testable)
    func binaryValuesRoundTrip(_ kind: SecureStoreKind) throws {
        try kind.withFreshStore { store throws in
            let value = Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 * 31) })
            try store.write(value, for: "blob")
            #expect(try store.read("blob") == value)
        }
    }

    @Test(arguments: SecureStoreKind.testable)
    func deleteRemovesOnlyThatKey(_ kind: SecureStoreKind) throws {
        try kind.withFreshStore { store throws in
            try store.write(Data("a".utf8), for: "identity-a")
            try store.write(Data("b".utf8), for: "identity-b")
            try store.delete("identity-a")
            #expect(try store.read("identity-a") == nil)
            #expect(try store.read("identity-b") == Data("b".utf8))
        }
    }

    @Test(arguments: SecureStoreKind.testable)
    func deletingAMissingKeyIsNotAnError(_ kind: SecureStoreKind) throws {
        try kind.withFreshStore { store throws in
            try store.delete("token")
            try store.write(Data("one".utf8), for: "token")
            try store.delete("token")
            try store.delete("token")
            #expect(try store.read("token") == nil)
        }
    }

    @Test(arguments: SecureStoreKind.testable, ["a", String(repeating: "k", count: 128), "A.b_c-9", "x..y"])
    func keysAtTheEdgesOfTheRuleAreAccepted(_ kind: SecureStoreKind, key: String) throws {
        try kind.withFreshStore { store throws in
            try store.write(Data("v".utf8), for: key)
            #expect(try store.read(key) == Data("v".utf8))
            try store.delete(key)
        }
    }

    @Test(
        arguments: SecureStoreKind.testable,
        ["", "../escape", "a/b", ".hidden", "..", String(repeating: "k", count: 129), "sp ace", "nul\u{0}", "é"]
    )
    func keysThatCouldEscapeAreRejected(_ kind: SecureStoreKind, key: String) throws {
        try kind.withFreshStore { store throws in
            #expect(throws: SecureStoreError(kind: .invalidKey, operation: "write")) {
                try store.write(Data("x".utf8), for: key)
            }
            #expect(throws: SecureStoreError(kind: .invalidKey, operation: "read")) { try store.read(key) }
            #expect(throws: SecureStoreError(kind: .invalidKey, operation: "delete")) { try store.delete(key) }
        }
    }
}
