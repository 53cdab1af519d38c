import ErrorCore
import Foundation
import SDKCrypto
import Testing

@Suite struct HMACSHA256Tests {
    struct Vector: Sendable, CustomTestStringConvertible {
        let name: String
        let key: Data
        let message: Data
        let mac: String
        var testDescription: String { name }
    }

    private static let blockPlusKey = Data(repeating: 0xAA, count: 131)

    /// RFC 4231 section 4, HMAC-SHA-256 results.
    static let vectors: [Vector] = [
        Vector(
            name: "RFC 4231 test case 1", key: Data(repeating: 0x0B, count: 20), message: Data("Hi There".utf8),
            mac: "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"),
        Vector(
            name: "RFC 4231 test case 2", key: Data("Jefe".utf8), message: Data("what do ya want for nothing?".utf8),
            mac: "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"),
        Vector(
            name: "RFC 4231 test case 3", key: Data(repeating: 0xAA, count: 20),
            message: Data(repeating: 0xDD, count: 50),
            mac: "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"),
        Vector(
            name: "RFC 4231 test case 4", key: Data(1...25), message: Data(repeating: 0xCD, count: 50),
            mac: "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"),
        Vector(
            name: "RFC 4231 test case 6", key: blockPlusKey,
            message: Data("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
            mac: "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"),
        Vector(
            name: "RFC 4231 test case 7", key: blockPlusKey,
            message: Data(
                ("This is a test using a larger than block-size key and a larger than block-size data. "
                    + "The key needs to be hashed before being used by the HMAC algorithm.").utf8),
            mac: "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"),
    ]

    @Test(arguments: CryptoBackend.available, vectors)
    func knownAnswer(_ backend: CryptoBackend, _ vector: Vector) throws {
        try backend.requireActive()
        let mac = HMACSHA256.authenticationCode(for: vector.message, key: vector.key)
        #expect(HexCoding.encode(mac) == vector.mac)
        #expect(HMACSHA256.isValid(HexCoding.decode(vector.mac), for: vector.message, key: vector.key))
    }

    /// RFC 4231 test case 5 publishes only the first 128 bits.
    @Test(arguments: CryptoBackend.available)
    func truncatedOutputTestCase5(_ backend: CryptoBackend) throws {
        try backend.requireActive()
        let mac = HMACSHA256.authenticationCode(
            for: Data("Test With Truncation".utf8), key: Data(repeating: 0x0C, count: 20))
        #expect(HexCoding.encode(mac.prefix(16)) == "a3b6167473100ee06e0c796c2955552b")
    }

    @Test(arguments: CryptoBackend.available)
    func emptyKeyAndMessageAreAccepted(_ backend: CryptoBackend) throws {
        try backend.requireActive()
        #expect(
            HexCoding.encode(HMACSHA256.authenticationCode(for: Data(), key: Data()))
                == "b613679a0814d9ec772f95d778c35fc5ff1697c493715653c6c712144292c5ad")
    }

    @Test(arguments: CryptoBackend.available)
    func validationRejectsAlteredCodesMessagesAndKeys(_ backend: CryptoBackend) throws {
        try backend.requireActive()
        let key = Data("Jefe".utf8)
        let message = Data("what do ya want for nothing?".utf8)
        let mac = HMACSHA256.authenticationCode(for: message, key: key)
        var flipped = mac
        flipped[31] ^= 0x01
        #expect(HMACSHA256.isValid(mac, for: message, key: key))
        #expect(!HMACSHA256.isValid(flipped, for: message, key: key))
        #expect(!HMACSHA256.isValid(mac.prefix(16), for: message, key: key))
        #expect(!HMACSHA256.isValid(mac + [0], for: message, key: key))
        #expect(!HMACSHA256.isValid(Data(), for: message, key: key))
        #expect(!HMACSHA256.isValid(mac, for: message + [0x20], key: key))
        #expect(!HMACSHA256.isValid(mac, for: message, key: Data("jefe".utf8)))
    }
}
