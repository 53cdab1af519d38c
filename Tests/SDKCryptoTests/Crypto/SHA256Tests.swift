import Dispatch
import ErrorCore
import Foundation
import SDKCrypto
import Testing

@Suite struct SHA256Tests {
    /// FIPS 180-2 Appendix B (one- and two-block messages) and the empty message.
    static let vectors: [(message: String, digest: String)] = [
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
    ]

    @Test(arguments: CryptoBackend.available, vectors)
    func knownAnswer(_ backend: CryptoBackend, vector: (message: String, digest: String)) throws {
        try backend.requireActive()
        #expect(HexCoding.encode(SHA256.hash(Data(vector.message.utf8))) == vector.digest)
    }

    /// FIPS 180-2 Appendix B.3: one million repetitions of "a".
    @Test(arguments: CryptoBackend.available)
    func oneMillionA(_ backend: CryptoBackend) throws {
        try backend.requireActive()
        let message = Data(repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(
            HexCoding.encode(SHA256.hash(message)) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
        )
    }

    @Test(arguments: CryptoBackend.available)
    func streamingInUnevenPiecesMatchesOneShot(_ backend: CryptoBackend) throws {
        try backend.requireActive()
        let message = Data((0..<1000).map { UInt8(truncatingIfNeeded: $0 * 7) })
        var hasher = SHA256.Hasher()
        var offset = 0
        for size in [0, 1, 63, 64, 65, 200, 607] {
            hasher.update(message[offset..<offset + size])
            offset += size
        }
        #expect(offset == message.count)
        #expect(hasher.finalize() == SHA256.hash(message))
    }

    @Test(arguments: CryptoBackend.available)
    func copyForksTheStateWithoutDisturbingTheOriginal(_ backend: CryptoBackend) throws {
        try backend.requireActive()
        var prefix = SHA256.Hasher()
        prefix.update(Data("abcdbcdecdefdefgefghfghighijhijk".utf8))
        var fork = prefix.copy()
        fork.update(Data("ijkljklmklmnlmnomnopnopq".utf8))
        prefix.update(Data("zzz".utf8))
        #expect(
            HexCoding.encode(fork.finalize()) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(prefix.finalize() == SHA256.hash(Data("abcdbcdecdefdefgefghfghighijhijkzzz".utf8)))
    }

    @Test(arguments: CryptoBackend.available)
    func nonContiguousInputIsHashedAsItsConcatenation(_ backend: CryptoBackend) throws {
        try backend.requireActive()
        let first = Data("abcdbcdecdefdefgefghfghighijhijk".utf8)
        let second = Data("ijkljklmklmnlmnomnopnopq".utf8)
        var split = DispatchData.empty
        first.withUnsafeBytes { split.append($0) }
        second.withUnsafeBytes { split.append($0) }
        #expect(split.regions.count == 2)
        #expect(
            HexCoding.encode(SHA256.hash(split)) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(SHA256.hash([UInt8]("abc".utf8)) == SHA256.hash(Data("abc".utf8)))
    }
}
