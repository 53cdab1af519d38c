import ErrorCore
import Foundation
import SDKCrypto
import Testing

@Suite struct P256KeyAgreementTests {
    struct Vector: Sendable, CustomTestStringConvertible {
        let name: String
        let privateKey: String
        let peerX: String
        let peerY: String
        let sharedSecret: String
        var testDescription: String { name }
    }

    static let vectors: [Vector] = [
        // RFC 5903 section 8.1, initiator side: i with g^r.
        Vector(
            name: "RFC 5903 8.1 initiator",
            privateKey: "c88f01f510d9ac3f70a292daa2316de544e9aab8afe84049c62a9c57862d1433",
            peerX: "d12dfb5289c8d4f81208b70270398c342296970a0bccb74c736fc7554494bf63",
            peerY: "56fbf3ca366cc23e8157854c13c58d6aac23f046ada30f8353e74f33039872ab",
            sharedSecret: "d6840f6b42f6edafd13116e0e12565202fef8e9ece7dce03812464d04b9442de"),
        // RFC 5903 section 8.1, responder side: r with g^i.
        Vector(
            name: "RFC 5903 8.1 responder",
            privateKey: "c6ef9c5d78ae012a011164acb397ce2088685d8f06bf9be0b283ab46476bee53",
            peerX: "dad0b65394221cf9b051e1feca5787d098dfe637fc90b9ef945d0c3772581180",
            peerY: "5271a0461cdb8252d61f1c456fa3e59ab1f45b33accf5f58389e0577b8990bb3",
            sharedSecret: "d6840f6b42f6edafd13116e0e12565202fef8e9ece7dce03812464d04b9442de"),
        // NIST CAVS 14.1 ECC CDH primitive, P-256 COUNT = 0.
        Vector(
            name: "NIST CAVS ECC CDH P-256 COUNT 0",
            privateKey: "7d7dc5f71eb29ddaf80d6214632eeae03d9058af1fb6d22ed80badb62bc1a534",
            peerX: "700c48f77f56584c5cc632ca65640db91b6bacce3a4df6b42ce7cc838833d287",
            peerY: "db71e509e3fd9b060ddb20ba5c51dcc5948d46fbf640dfe0441782cab85fa4ac",
            sharedSecret: "46fc62106420ff012e54a434fbdd2d25ccc5852060561e68040dd7778997bd7b"),
    ]

    @Test(arguments: CryptoBackend.available, vectors)
    func knownAnswer(_ backend: CryptoBackend, _ vector: Vector) throws {
        try backend.requireActive()
        let key = try P256PrivateKey(rawRepresentation: HexCoding.decode(vector.privateKey))
        let peer = try P256PublicKey(x963Representation: HexCoding.decode("04" + vector.peerX + vector.peerY))
        #expect(HexCoding.encode(try key.sharedSecret(with: peer)) == vector.sharedSecret)
    }

    /// The public keys the vectors publish for their own private keys (g^i in RFC 5903, QIUT in CAVS).
    @Test(
        arguments: CryptoBackend.available,
        [
            (
                "c88f01f510d9ac3f70a292daa2316de544e9aab8afe84049c62a9c57862d1433",
                "dad0b65394221cf9b051e1feca5787d098dfe637fc90b9ef945d0c3772581180"
                    + "5271a0461cdb8252d61f1c456fa3e59ab1f45b33accf5f58389e0577b8990bb3"
            ),
            (
                "7d7dc5f71eb29ddaf80d6214632eeae03d9058af1fb6d22ed80badb62bc1a534",
                "ead218590119e8876b29146ff89ca61770c4edbbf97d38ce385ed281d8a6b230"
                    + "28af61281fd35e2fa7002523acc85a429cb06ee6648325389f59edfce1405141"
            ),
        ])
    func publicKeyOfVectorPrivateKey(_ backend: CryptoBackend, vector: (privateKey: String, point: String)) throws {
        try backend.requireActive()
        let (privateKey, point) = vector
        let key = try P256PrivateKey(rawRepresentation: HexCoding.decode(privateKey))
        #expect(HexCoding.encode(key.publicKey.x963Representation) == "04" + point)
    }

    @Test(arguments: CryptoBackend.available)
    func bothSidesOfAFreshAgreementDeriveTheSameSecret(_ backend: CryptoBackend) throws {
        try backend.requireActive()
        let client = P256PrivateKey()
        let server = P256PrivateKey()
        let clientSecret = try client.sharedSecret(with: server.publicKey)
        #expect(clientSecret.count == 32)
        #expect(clientSecret == (try server.sharedSecret(with: client.publicKey)))
        #expect(clientSecret != (try client.sharedSecret(with: P256PrivateKey().publicKey)))
    }
}
