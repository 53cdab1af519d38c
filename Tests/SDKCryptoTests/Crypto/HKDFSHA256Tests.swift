import ErrorCore
import Foundation
import SDKCrypto
import Testing

@Suite struct HKDFSHA256Tests {
    struct Vector: Sendable, CustomTestStringConvertible {
        let name: String
        let inputKeyMaterial: Data
        let salt: Data
        let info: Data
        let okm: String
        var testDescription: String { name }
    }

    /// RFC 5869 Appendix A.1–A.3 (the SHA-256 cases).
    static let vectors: [Vector] = [
        Vector(
            name: "RFC 5869 A.1 basic", inputKeyMaterial: Data(repeating: 0x0B, count: 22), salt: Data(0x00...0x0C),
            info: Data(0xF0...0xF9),
            okm: "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865"),
        Vector(
            name: "RFC 5869 A.2 longer inputs and outputs", inputKeyMaterial: Data(0x00...0x4F),
            salt: Data(0x60...0xAF), info: Data(0xB0...0xFF),
            okm: "b11e398dc80327a1c8e7f78c596a49344f012eda2d4efad8a050cc4c19afa97c"
                + "59045a99cac7827271cb41c65e590e09da3275600c2f09b8367793a9aca3db71"
                + "cc30c58179ec3e87c14c01d5c1f3434f1d87"),
        Vector(
            name: "RFC 5869 A.3 zero-length salt and info", inputKeyMaterial: Data(repeating: 0x0B, count: 22),
            salt: Data(), info: Data(),
            okm: "8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d9d201395faa4b61a96c8"),
    ]

    @Test(arguments: CryptoBackend.available, vectors)
    func knownAnswer(_ backend: CryptoBackend, _ vector: Vector) throws {
        try backend.requireActive()
        let okm = try HKDFSHA256.deriveKey(
            inputKeyMaterial: vector.inputKeyMaterial, salt: vector.salt, info: vector.info,
            outputByteCount: vector.okm.count / 2)
        #expect(HexCoding.encode(okm) == vector.okm)
    }

    @Test(arguments: CryptoBackend.available)
    func shorterOutputIsAPrefixOfLongerOutput(_ backend: CryptoBackend) throws {
        try backend.requireActive()
        let vector = Self.vectors[0]
        let okm = try HKDFSHA256.deriveKey(
            inputKeyMaterial: vector.inputKeyMaterial, salt: vector.salt, info: vector.info, outputByteCount: 32)
        #expect(HexCoding.encode(okm) == String(vector.okm.prefix(64)))
    }

    @Test(arguments: CryptoBackend.available)
    func maximumOutputLengthIsProduced(_ backend: CryptoBackend) throws {
        try backend.requireActive()
        let okm = try HKDFSHA256.deriveKey(
            inputKeyMaterial: Data([1]), salt: Data(), info: Data(), outputByteCount: 8160)
        #expect(okm.count == HKDFSHA256.maximumOutputByteCount)
    }

    @Test(arguments: CryptoBackend.available, [0, -1, 8161])
    func outputLengthOutsideTheRangeIsRejected(_ backend: CryptoBackend, _ count: Int) throws {
        try backend.requireActive()
        #expect(throws: CryptoError.invalidOutputLength(count)) {
            try HKDFSHA256.deriveKey(inputKeyMaterial: Data([1]), salt: Data(), info: Data(), outputByteCount: count)
        }
    }

    /// Not an RFC vector: computed with Python `cryptography`'s HKDF and the `openssl` C API.
    @Test(arguments: CryptoBackend.available)
    func emptyInputKeyMaterialIsAllowed(_ backend: CryptoBackend) throws {
        try backend.requireActive()
        let okm = try HKDFSHA256.deriveKey(inputKeyMaterial: Data(), salt: Data(), info: Data(), outputByteCount: 32)
        #expect(HexCoding.encode(okm) == "eb70f01dede9afafa449eee1b1286504e1f62388b3f7dd4f956697b0e828fe18")
    }
}
