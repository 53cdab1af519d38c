import ErrorCore
import Foundation
import SDKCrypto
import Testing

@Suite struct PBKDF2SHA256Tests {
    struct Vector: Sendable, CustomTestStringConvertible {
        let name: String
        let password: Data
        let salt: Data
        let iterations: Int
        let derivedKey: String
        var testDescription: String { name }
    }

    /// RFC 7914 §11 (the PBKDF2-HMAC-SHA256 vectors), then the widely used RFC 6070-style SHA-256
    /// vectors, each checked against Python's `hashlib.pbkdf2_hmac`.
    static let vectors: [Vector] = [
        Vector(
            name: "RFC 7914 §11 passwd/salt, 1 round", password: Data("passwd".utf8), salt: Data("salt".utf8),
            iterations: 1,
            derivedKey: "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc"
                + "49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783"),
        Vector(
            name: "RFC 7914 §11 Password/NaCl, 80000 rounds", password: Data("Password".utf8),
            salt: Data("NaCl".utf8), iterations: 80_000,
            derivedKey: "4ddcd8f60b98be21830cee5ef22701f9641a4418d04c0414aeff08876b34ab56"
                + "a1d425a1225833549adb841b51c9b3176a272bdebba1d078478f62b397f33c8d"),
        Vector(
            name: "password/salt, 4096 rounds", password: Data("password".utf8), salt: Data("salt".utf8),
            iterations: 4096, derivedKey: "c5e478d59288c841aa530db6845c4c8d962893a001ce4e11a4963873aa98134a"),
        Vector(
            name: "long password and salt, 40-byte output", password: Data("passwordPASSWORDpassword".utf8),
            salt: Data("saltSALTsaltSALTsaltSALTsaltSALTsalt".utf8), iterations: 4096,
            derivedKey: "348c89dbcbd32b2f32d814b8116e84cf2b17347ebc1800181c4e2a1fb8dd53e1c635518c7dac47e9"),
        Vector(
            name: "embedded NUL bytes, 16-byte output", password: Data("pass\0word".utf8), salt: Data("sa\0lt".utf8),
            iterations: 4096, derivedKey: "89b69d0516f829893c696226650a8687"),
    ]

    @Test(arguments: CryptoBackend.available, vectors)
    func knownAnswer(_ backend: CryptoBackend, _ vector: Vector) throws {
        try backend.requireActive()
        let key = try PBKDF2SHA256.deriveKey(
            password: vector.password, salt: vector.salt, iterations: vector.iterations,
            outputByteCount: vector.derivedKey.count / 2)
        #expect(HexCoding.encode(key) == vector.derivedKey)
        #expect(
            PBKDF2SHA256.isValid(
                HexCoding.decode(vector.derivedKey), password: vector.password, salt: vector.salt,
                iterations: vector.iterations))
    }

    @Test(arguments: CryptoBackend.available)
    func anyChangedInputFailsVerification(_ backend: CryptoBackend) throws {
        try backend.requireActive()
        let password = Data("correct-horse".utf8)
        let salt = Data(repeating: 7, count: 16)
        let key = try PBKDF2SHA256.deriveKey(password: password, salt: salt, iterations: 10, outputByteCount: 32)
        #expect(PBKDF2SHA256.isValid(key, password: password, salt: salt, iterations: 10))
        #expect(!PBKDF2SHA256.isValid(key, password: Data("correct-horsf".utf8), salt: salt, iterations: 10))
        #expect(!PBKDF2SHA256.isValid(key, password: password, salt: Data(repeating: 8, count: 16), iterations: 10))
        #expect(!PBKDF2SHA256.isValid(key, password: password, salt: salt, iterations: 11))
        var flipped = key
        flipped[31] ^= 0x80
        #expect(!PBKDF2SHA256.isValid(flipped, password: password, salt: salt, iterations: 10))
        // A shorter output is a prefix of a longer one, so a store must keep its hash length fixed.
        #expect(PBKDF2SHA256.isValid(key.prefix(16), password: password, salt: salt, iterations: 10))
        #expect(!PBKDF2SHA256.isValid(Data(), password: password, salt: salt, iterations: 10))
        #expect(!PBKDF2SHA256.isValid(key, password: password, salt: salt, iterations: 0))
    }

    @Test(arguments: CryptoBackend.available, [0, -1, 1025])
    func outputLengthOutsideTheRangeIsRejected(_ backend: CryptoBackend, _ count: Int) throws {
        try backend.requireActive()
        #expect(throws: CryptoError.invalidOutputLength(count)) {
            try PBKDF2SHA256.deriveKey(password: Data("p".utf8), salt: Data(), iterations: 1, outputByteCount: count)
        }
    }

    @Test(arguments: CryptoBackend.available, [0, -5, Int(Int32.max) + 1])
    func iterationCountOutsideTheRangeIsRejected(_ backend: CryptoBackend, _ iterations: Int) throws {
        try backend.requireActive()
        #expect(throws: CryptoError.invalidIterationCount(iterations)) {
            try PBKDF2SHA256.deriveKey(
                password: Data("p".utf8), salt: Data(), iterations: iterations, outputByteCount: 32)
        }
    }

    @Test func constantTimeEqualityComparesEveryByte() {
        #expect(ConstantTime.isEqual(Data([1, 2, 3]), [UInt8]([1, 2, 3])))
        #expect(!ConstantTime.isEqual(Data([1, 2, 3]), Data([1, 2, 4])))
        #expect(!ConstantTime.isEqual(Data([0, 2, 3]), Data([1, 2, 3])))
        #expect(!ConstantTime.isEqual(Data([1, 2]), Data([1, 2, 3])))
        #expect(ConstantTime.isEqual(Data(), Data()))
    }
}
