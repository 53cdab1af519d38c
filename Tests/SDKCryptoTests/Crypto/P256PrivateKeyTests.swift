import ErrorCore
import Foundation
import SDKCrypto
import Testing

@Suite struct P256PrivateKeyTests {
    /// RFC 6979 Appendix A.2.5, key pair for curve P-256.
    static let rfc6979PrivateKey = "c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721"
    static let rfc6979Ux = "60fed4ba255a9d31c961eb74c6356d68c049b8923b61fa6ce669622e60f29fb6"
    static let rfc6979Uy = "7903fe1008b8bc99a41ae9e95628bc64f2f1b20c2d7e9f5177a3c294d4462299"
    /// The order n of the P-256 group.
    static let order = "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551"

    static func rfc6979Key() throws -> P256PrivateKey {
        try P256PrivateKey(rawRepresentation: HexCoding.decode(rfc6979PrivateKey))
    }

    @Test(arguments: CryptoBackend.available)
    func publicKeyDerivedFromRFC6979PrivateKeyMatchesUxUy(_ backend: CryptoBackend) throws {
        try backend.requireActive()
        let key = try Self.rfc6979Key()
        #expect(HexCoding.encode(key.publicKey.x963Representation) == "04" + Self.rfc6979Ux + Self.rfc6979Uy)
        #expect(HexCoding.encode(key.publicKey.x) == Self.rfc6979Ux)
        #expect(HexCoding.encode(key.publicKey.y) == Self.rfc6979Uy)
    }

    /// n − 1 is the largest valid scalar; its public key is −G = (Gx, p − Gy).
    @Test(arguments: CryptoBackend.available)
    func largestScalarIsAcceptedAndGivesMinusG(_ backend: CryptoBackend) throws {
        try backend.requireActive()
        let key = try P256PrivateKey(rawRepresentation: HexCoding.decode(String(Self.order.dropLast()) + "0"))
        #expect(
            HexCoding.encode(key.publicKey.x963Representation)
                == "04" + "6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296"
                + "b01cbd1c01e58065711814b583f061e9d431cca994cea1313449bf97c840ae0a")
    }

    @Test(arguments: CryptoBackend.available)
    func rawRepresentationRoundTrips(_ backend: CryptoBackend) throws {
        try backend.requireActive()
        #expect(HexCoding.encode(try Self.rfc6979Key().rawRepresentation) == Self.rfc6979PrivateKey)
        let generated = P256PrivateKey()
        let restored = try P256PrivateKey(rawRepresentation: generated.rawRepresentation)
        #expect(restored.publicKey == generated.publicKey)
        #expect(restored.rawRepresentation == generated.rawRepresentation)
    }

    @Test(arguments: CryptoBackend.available)
    func generatedKeysAreDistinctAndWellFormed(_ backend: CryptoBackend) throws {
        try backend.requireActive()
        let first = P256PrivateKey()
        let second = P256PrivateKey()
        #expect(first.rawRepresentation.count == 32)
        #expect(first.publicKey.x963Representation.count == 65)
        #expect(first.rawRepresentation != second.rawRepresentation)
        #expect(first.publicKey != second.publicKey)
    }

    @Test(
        arguments: CryptoBackend.available,
        [
            String(repeating: "00", count: 32),  // zero
            order,  // n
            "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632552",  // n + 1
            String(repeating: "ff", count: 32),
        ])
    func scalarsOutsideTheGroupAreRejected(_ backend: CryptoBackend, _ hex: String) throws {
        try backend.requireActive()
        #expect(throws: CryptoError.invalidKey(reason: "P-256 private scalar is not in 1..<n")) {
            try P256PrivateKey(rawRepresentation: HexCoding.decode(hex))
        }
    }

    @Test(arguments: CryptoBackend.available, [0, 31, 33, 64])
    func wrongLengthIsRejected(_ backend: CryptoBackend, _ count: Int) throws {
        try backend.requireActive()
        #expect(throws: CryptoError.invalidKey(reason: "P-256 private key must be 32 bytes, got \(count)")) {
            try P256PrivateKey(rawRepresentation: Data(repeating: 1, count: count))
        }
    }

    /// RFC 6979 A.2.5, SHA-256 signatures over "sample" and "test" (r‖s).
    @Test(
        arguments: CryptoBackend.available,
        [
            (
                "sample",
                "efd48b2aacb6a8fd1140dd9cd45e81d69d2c877b56aaf991c34d0ea84eaf3716"
                    + "f7cb1c942d657c41d436c7a1b6e29f65f3e900dbb9aff4064dc4ab2f843acda8"
            ),
            (
                "test",
                "f1abb023518351cd71d881567b1ea663ed3efcf6c5132b354f28d3b0b7d38367"
                    + "019f4113742a2b14bd25926b49c649155f267e60d3814b4c0cc84250e46f0083"
            ),
        ])
    func rfc6979SignatureVerifies(_ backend: CryptoBackend, vector: (message: String, signature: String)) throws {
        try backend.requireActive()
        let (message, signature) = vector
        let publicKey = try Self.rfc6979Key().publicKey
        var raw = HexCoding.decode(signature)
        #expect(publicKey.isValidSignature(raw, for: Data(message.utf8)))
        #expect(!publicKey.isValidSignature(raw, for: Data((message + "!").utf8)))
        raw[63] ^= 0x01
        #expect(!publicKey.isValidSignature(raw, for: Data(message.utf8)))
    }

    @Test(arguments: CryptoBackend.available)
    func signThenVerifyRoundTrips(_ backend: CryptoBackend) throws {
        try backend.requireActive()
        let key = P256PrivateKey()
        let message = Data("eyJ0eXAiOiJkcG9wK2p3dCJ9.eyJodG0iOiJQT1NUIn0".utf8)
        let signature = try key.signature(for: message)
        #expect(signature.count == 64)
        #expect(key.publicKey.isValidSignature(signature, for: message))
        #expect(!P256PrivateKey().publicKey.isValidSignature(signature, for: message))
        // ECDSA is randomized here: a second signature differs and also verifies.
        let again = try key.signature(for: message)
        #expect(again != signature)
        #expect(key.publicKey.isValidSignature(again, for: message))
    }

    @Test(arguments: CryptoBackend.available, [0, 100, 255, 256, 511])
    func anyFlippedBitInvalidatesSignatureOrMessage(_ backend: CryptoBackend, _ bit: Int) throws {
        try backend.requireActive()
        let key = try Self.rfc6979Key()
        let message = Data(repeating: 0x5A, count: 64)
        let signature = try key.signature(for: message)
        var badSignature = signature
        badSignature[bit / 8] ^= 1 << UInt8(bit % 8)
        var badMessage = message
        badMessage[bit / 8 % message.count] ^= 1 << UInt8(bit % 8)
        #expect(!key.publicKey.isValidSignature(badSignature, for: message))
        #expect(!key.publicKey.isValidSignature(signature, for: badMessage))
    }

    @Test(arguments: CryptoBackend.available)
    func malformedSignaturesAreInvalidNotErrors(_ backend: CryptoBackend) throws {
        try backend.requireActive()
        let publicKey = try Self.rfc6979Key().publicKey
        let message = Data("sample".utf8)
        #expect(!publicKey.isValidSignature(Data(), for: message))
        #expect(!publicKey.isValidSignature(Data(repeating: 0, count: 64), for: message))
        #expect(!publicKey.isValidSignature(Data(repeating: 0xFF, count: 64), for: message))
        #expect(!publicKey.isValidSignature(Data(repeating: 1, count: 63), for: message))
    }

    @Test(arguments: CryptoBackend.available)
    func concurrentSigningWithOneKeyIsSafe(_ backend: CryptoBackend) async throws {
        try backend.requireActive()
        let key = P256PrivateKey()
        let results = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<32 {
                group.addTask {
                    let message = Data("message \(index)".utf8)
                    let signature = try key.signature(for: message)
                    let shared = try key.sharedSecret(with: P256PrivateKey().publicKey)
                    return key.publicKey.isValidSignature(signature, for: message) && shared.count == 32
                }
            }
            return try await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results.count == 32)
        #expect(results.allSatisfy { $0 })
    }
}
