import ErrorCore
import Foundation
import SDKCrypto
import Testing

@Suite struct P256SignatureTests {
    /// RFC 6979 A.2.5 SHA-256 signatures, raw (r‖s) and their DER encodings.
    static let pairs: [(raw: String, der: String)] = [
        (
            // r and s both have the top bit set: each INTEGER gains a 0x00 sign byte.
            "efd48b2aacb6a8fd1140dd9cd45e81d69d2c877b56aaf991c34d0ea84eaf3716"
                + "f7cb1c942d657c41d436c7a1b6e29f65f3e900dbb9aff4064dc4ab2f843acda8",
            "3046022100efd48b2aacb6a8fd1140dd9cd45e81d69d2c877b56aaf991c34d0ea84eaf3716"
                + "022100f7cb1c942d657c41d436c7a1b6e29f65f3e900dbb9aff4064dc4ab2f843acda8"
        ),
        (
            // s starts with 0x01: no sign byte.
            "f1abb023518351cd71d881567b1ea663ed3efcf6c5132b354f28d3b0b7d38367"
                + "019f4113742a2b14bd25926b49c649155f267e60d3814b4c0cc84250e46f0083",
            "3045022100f1abb023518351cd71d881567b1ea663ed3efcf6c5132b354f28d3b0b7d38367"
                + "0220019f4113742a2b14bd25926b49c649155f267e60d3814b4c0cc84250e46f0083"
        ),
        (
            // r = s = 1: leading zero bytes are dropped.
            String(repeating: "00", count: 31) + "01" + String(repeating: "00", count: 31) + "01",
            "3006020101020101"
        ),
    ]

    @Test(arguments: pairs)
    func rawAndDERConvertBothWays(raw: String, der: String) throws {
        #expect(HexCoding.encode(try P256Signature(rawRepresentation: HexCoding.decode(raw)).derRepresentation) == der)
        #expect(HexCoding.encode(try P256Signature(derRepresentation: HexCoding.decode(der)).rawRepresentation) == raw)
    }

    @Test(arguments: CryptoBackend.available)
    func derSignatureFromAPasskeyVerifiesAfterConversion(_ backend: CryptoBackend) throws {
        try backend.requireActive()
        let key = try P256PrivateKeyTests.rfc6979Key()
        let signature = try P256Signature(derRepresentation: HexCoding.decode(Self.pairs[0].der))
        #expect(key.publicKey.isValidSignature(signature, for: Data("sample".utf8)))
        #expect(!key.publicKey.isValidSignature(signature, for: Data("test".utf8)))
    }

    @Test(arguments: [
        "",
        "3006020101020101" + "00",  // trailing byte
        "3106020101020101",  // SET instead of SEQUENCE
        "3007020101020101",  // sequence length too long
        "3005020101020101",  // sequence length too short
        "30060201010302" + "01",  // second element not an INTEGER
        "300602010102018f",  // negative s
        "30070202000102010" + "1",  // non-minimal r (0x00 before a byte < 0x80)
        "308106020101020101",  // long-form length
        "3006020001020101",  // empty INTEGER
        "3027022200" + String(repeating: "ff", count: 33) + "020101",  // r wider than 32 bytes
    ])
    func malformedDERIsRejected(_ hex: String) {
        #expect(throws: CryptoError.invalidSignatureEncoding) {
            try P256Signature(derRepresentation: HexCoding.decode(hex))
        }
    }

    @Test(arguments: [0, 63, 65, 72])
    func rawOfWrongLengthIsRejected(_ count: Int) {
        #expect(throws: CryptoError.invalidSignatureEncoding) {
            try P256Signature(rawRepresentation: Data(repeating: 1, count: count))
        }
    }
}
