import ErrorCore
import TestSupport
import Testing

/// ``UTF8Text/validating(_:)`` against the standard library's own strict decoder, which Linux has at
/// every version (on Apple systems it is iOS 18 / macOS 15 API, the reason the helper exists).
@Suite struct UTF8TextTests {
    @Test(
        arguments: [
            ([0x61, 0x62], "ab"), ([0xC3, 0xA9], "é"), ([0xF0, 0x9F, 0x98, 0x80], "😀"), ([], ""),
        ] as [([UInt8], String)])
    func wellFormedTextIsKept(bytes: [UInt8], text: String) {
        #expect(UTF8Text.validating(bytes) == text)
    }

    @Test(
        arguments: [
            [0x80],  // a continuation byte alone
            [0xC3],  // a truncated sequence
            [0xC0, 0xAF],  // an overlong "/"
            [0xED, 0xA0, 0x80],  // a UTF-16 surrogate
            [0xF4, 0x90, 0x80, 0x80],  // past U+10FFFF
            [0x61, 0xFF, 0x62],  // a byte UTF-8 never uses
        ] as [[UInt8]])
    func illFormedBytesAreRefusedNotRepaired(bytes: [UInt8]) {
        #expect(UTF8Text.validating(bytes) == nil)
    }

    /// Ten thousand seeded inputs, half built from valid text and then perhaps damaged, half random.
    @Test func agreesWithTheStandardLibraryOnGeneratedInput() {
        var random = SplitMix64(seed: 0x5EED_0725)
        let pieces = ["a", "é", "日本", "😀", "\u{0}", "\u{10FFFF}", "z\u{301}"]
        for round in 0..<10_000 {
            var bytes: [UInt8]
            if round.isMultiple(of: 2) {
                bytes = Array(
                    (0..<Int.random(in: 0...8, using: &random)).map { _ in
                        pieces.randomElement(using: &random)!
                    }.joined().utf8)
                if !bytes.isEmpty, Bool.random(using: &random) {
                    let position = Int.random(in: 0..<bytes.count, using: &random)
                    bytes[position] = UInt8.random(in: 0x80...0xFF, using: &random)
                }
            } else {
                bytes = (0..<Int.random(in: 0...12, using: &random)).map { _ in
                    UInt8.random(in: 0...0xFF, using: &random)
                }
            }
            #expect(UTF8Text.validating(bytes) == String(validating: bytes, as: UTF8.self), "round \(round): \(bytes)")
        }
    }
}
