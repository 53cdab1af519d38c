import ErrorCore
import Foundation
import SDKCrypto
import Testing

@Suite struct SecureRandomTests {
    @Test(arguments: CryptoBackend.available, [0, 1, 12, 32, 1000])
    func returnsTheRequestedLength(_ backend: CryptoBackend, _ count: Int) throws {
        try backend.requireActive()
        #expect(SecureRandom.bytes(count).count == count)
    }

    @Test(arguments: CryptoBackend.available)
    func drawsDifferAndAreNotConstant(_ backend: CryptoBackend) throws {
        try backend.requireActive()
        let first = SecureRandom.bytes(32)
        let second = SecureRandom.bytes(32)
        #expect(first != second)
        // 32 equal bytes from a working CSPRNG has probability 2^-248.
        #expect(Set(first).count > 1)
        #expect(Set(SecureRandom.bytes(4096)).count > 200)
    }

    @Test(arguments: CryptoBackend.available)
    func uuidsAreVersion4AndDistinct(_ backend: CryptoBackend) throws {
        try backend.requireActive()
        let uuids = (0..<100).map { _ in SecureRandom.uuid() }
        #expect(Set(uuids).count == 100)
        for uuid in uuids {
            #expect(uuid.uuid.6 >> 4 == 4)
            #expect(uuid.uuid.8 >> 6 == 0b10)
            let text = uuid.uuidString
            #expect(text[text.index(text.startIndex, offsetBy: 14)] == "4")
        }
    }

    /// The wire form reads back as a version 4 UUID and is exactly `uuidString.lowercased()` of it.
    @Test(arguments: CryptoBackend.available)
    func lowercaseUUIDStringsAreUUIDsInWireForm(_ backend: CryptoBackend) throws {
        try backend.requireActive()
        let texts = (0..<100).map { _ in SecureRandom.lowercaseUUIDString() }
        #expect(Set(texts).count == 100)
        for text in texts {
            let uuid = try #require(UUID(uuidString: text))
            #expect(uuid.uuidString.lowercased() == text)
            #expect(uuid.uuid.6 >> 4 == 4)
            #expect(uuid.uuid.8 >> 6 == 0b10)
        }
    }
}
