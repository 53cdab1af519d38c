import ErrorCore
import Foundation
import SDKCrypto
import Testing

@Suite struct AES256GCMTests {
    struct Vector: Sendable, CustomTestStringConvertible {
        let name: String
        let key: String
        let nonce: String
        let plaintext: String
        let aad: String
        let ciphertext: String
        let tag: String
        var testDescription: String { name }
    }

    private static let key = "feffe9928665731c6d6a8f9467308308feffe9928665731c6d6a8f9467308308"
    private static let nonce = "cafebabefacedbaddecaf888"
    private static let plaintext =
        "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72"
        + "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b391aafd255"
    private static let ciphertext =
        "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa"
        + "8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662898015ad"

    /// McGrew & Viega, "The Galois/Counter Mode of Operation", test cases 13–16 (256-bit keys,
    /// 96-bit IVs).
    static let vectors: [Vector] = [
        Vector(
            name: "GCM test case 13", key: String(repeating: "00", count: 32),
            nonce: String(repeating: "00", count: 12),
            plaintext: "", aad: "", ciphertext: "", tag: "530f8afbc74536b9a963b4f1c4cb738b"),
        Vector(
            name: "GCM test case 14", key: String(repeating: "00", count: 32),
            nonce: String(repeating: "00", count: 12),
            plaintext: String(repeating: "00", count: 16), aad: "", ciphertext: "cea7403d4d606b6e074ec5d3baf39d18",
            tag: "d0d1c8a799996bf0265b98b5d48ab919"),
        Vector(
            name: "GCM test case 15", key: key, nonce: nonce, plaintext: plaintext, aad: "", ciphertext: ciphertext,
            tag: "b094dac5d93471bdec1a502270e3cc6c"),
        Vector(
            name: "GCM test case 16 (with AAD)", key: key, nonce: nonce, plaintext: String(plaintext.prefix(120)),
            aad: "feedfacedeadbeeffeedfacedeadbeefabaddad2", ciphertext: String(ciphertext.prefix(120)),
            tag: "76fc6ece0f4e1768cddf8853bb2d551b"),
    ]

    @Test(arguments: CryptoBackend.available, vectors)
    func sealMatchesKnownAnswer(_ backend: CryptoBackend, _ vector: Vector) throws {
        try backend.requireActive()
        let sealed = try AES256GCM.seal(
            HexCoding.decode(vector.plaintext), key: HexCoding.decode(vector.key),
            nonce: HexCoding.decode(vector.nonce), authenticating: HexCoding.decode(vector.aad))
        #expect(HexCoding.encode(sealed) == vector.ciphertext + vector.tag)
    }

    @Test(arguments: CryptoBackend.available, vectors)
    func openRecoversKnownPlaintext(_ backend: CryptoBackend, _ vector: Vector) throws {
        try backend.requireActive()
        let opened = try AES256GCM.open(
            HexCoding.decode(vector.ciphertext + vector.tag), key: HexCoding.decode(vector.key),
            nonce: HexCoding.decode(vector.nonce), authenticating: HexCoding.decode(vector.aad))
        #expect(HexCoding.encode(opened) == vector.plaintext)
    }

    enum Tamper: String, CaseIterable, Sendable {
        case ciphertextBit, tagBit, aad, nonce, key, truncatedTag, appendedByte
    }

    /// Test case 16 altered one way at a time: every change must fail authentication.
    @Test(arguments: CryptoBackend.available, Tamper.allCases)
    func tamperingFailsAuthentication(_ backend: CryptoBackend, _ tamper: Tamper) throws {
        try backend.requireActive()
        let vector = Self.vectors[3]
        var sealed = HexCoding.decode(vector.ciphertext + vector.tag)
        var key = HexCoding.decode(vector.key)
        var nonce = HexCoding.decode(vector.nonce)
        var aad = HexCoding.decode(vector.aad)
        switch tamper {
        case .ciphertextBit: sealed[5] ^= 0x01
        case .tagBit: sealed[sealed.count - 1] ^= 0x80
        case .aad: aad[0] ^= 0x01
        case .nonce: nonce[11] ^= 0x01
        case .key: key[0] ^= 0x01
        case .truncatedTag: sealed.removeLast()
        case .appendedByte: sealed.append(0)
        }
        #expect(throws: CryptoError.authenticationFailure) {
            try AES256GCM.open(sealed, key: key, nonce: nonce, authenticating: aad)
        }
    }

    @Test(arguments: CryptoBackend.available)
    func boxShorterThanATagFailsAuthentication(_ backend: CryptoBackend) throws {
        try backend.requireActive()
        #expect(throws: CryptoError.authenticationFailure) {
            try AES256GCM.open(
                Data(repeating: 0, count: 15), key: Data(repeating: 0, count: 32), nonce: Data(repeating: 0, count: 12),
                authenticating: Data())
        }
    }

    @Test(arguments: CryptoBackend.available)
    func roundTripWithRandomKeyAndNonce(_ backend: CryptoBackend) throws {
        try backend.requireActive()
        let key = SecureRandom.bytes(AES256GCM.keyByteCount)
        let nonce = SecureRandom.bytes(AES256GCM.nonceByteCount)
        let body = Data(#"{"email":"dev@example.com","password":"hunter22"}"#.utf8)
        let aad = Data("POST /auth/login".utf8)
        let sealed = try AES256GCM.seal(body, key: key, nonce: nonce, authenticating: aad)
        #expect(sealed.count == body.count + AES256GCM.tagByteCount)
        #expect(try AES256GCM.open(sealed, key: key, nonce: nonce, authenticating: aad) == body)
        #expect(throws: CryptoError.authenticationFailure) {
            try AES256GCM.open(sealed, key: key, nonce: nonce, authenticating: Data("response /auth/login".utf8))
        }
    }

    @Test(arguments: CryptoBackend.available, [0, 16, 31, 33])
    func wrongKeyLengthIsRejected(_ backend: CryptoBackend, _ count: Int) throws {
        try backend.requireActive()
        let expected = CryptoError.invalidKey(reason: "AES-256-GCM key must be 32 bytes, got \(count)")
        #expect(throws: expected) {
            try AES256GCM.seal(
                Data(), key: Data(repeating: 0, count: count), nonce: Data(repeating: 0, count: 12),
                authenticating: Data())
        }
        #expect(throws: expected) {
            try AES256GCM.open(
                Data(repeating: 0, count: 16), key: Data(repeating: 0, count: count),
                nonce: Data(repeating: 0, count: 12), authenticating: Data())
        }
    }

    @Test(arguments: CryptoBackend.available, [0, 8, 11, 13, 16])
    func wrongNonceLengthIsRejected(_ backend: CryptoBackend, _ count: Int) throws {
        try backend.requireActive()
        #expect(throws: CryptoError.invalidNonce(byteCount: count)) {
            try AES256GCM.seal(
                Data(), key: Data(repeating: 0, count: 32), nonce: Data(repeating: 0, count: count),
                authenticating: Data())
        }
        #expect(throws: CryptoError.invalidNonce(byteCount: count)) {
            try AES256GCM.open(
                Data(repeating: 0, count: 16), key: Data(repeating: 0, count: 32),
                nonce: Data(repeating: 0, count: count), authenticating: Data())
        }
    }
}
