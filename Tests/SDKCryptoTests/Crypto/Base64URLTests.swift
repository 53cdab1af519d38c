import ErrorCore
import Foundation
import SDKCrypto
import Testing

@Suite struct Base64URLTests {
    /// RFC 4648 §10 test vectors (no padding), plus bytes that exercise the URL-safe characters.
    static let vectors: [(bytes: Data, encoded: String)] = [
        (Data(), ""),
        (Data("f".utf8), "Zg"),
        (Data("fo".utf8), "Zm8"),
        (Data("foo".utf8), "Zm9v"),
        (Data("foob".utf8), "Zm9vYg"),
        (Data("fooba".utf8), "Zm9vYmE"),
        (Data("foobar".utf8), "Zm9vYmFy"),
        (Data([0xFB, 0xFF]), "-_8"),  // standard alphabet: "+/8="
        (Data([0xFB, 0xEF, 0xBE]), "----"),
        (Data([0xFF, 0xFF, 0xFF]), "____"),
    ]

    @Test(arguments: vectors)
    func encodesWithoutPadding(bytes: Data, encoded: String) {
        #expect(Base64URL.encode(bytes) == encoded)
    }

    @Test(arguments: vectors)
    func decodesUnpaddedInput(bytes: Data, encoded: String) {
        #expect(Base64URL.decode(encoded) == bytes)
    }

    @Test(arguments: [("Zg==", "f"), ("Zm8=", "fo"), ("Zm9vYg==", "foob"), ("Zm9vYmE=", "fooba")])
    func acceptsCorrectPadding(encoded: String, text: String) {
        #expect(Base64URL.decode(encoded) == Data(text.utf8))
    }

    @Test(arguments: [
        "Z",  // a single dangling character carries less than a byte
        "Zm9vY",
        "+/8",  // standard alphabet
        "Zm9v!",
        " Zg",
        "Zg\n",
        "Zm 9v",
        "Zg=",  // padding that does not complete the quantum
        "Zg===",
        "Zm9v====",
        "Z===",
        "Zm=v",
        "=Zm9",
        "Zh",  // non-zero unused bits: "Zg" is the only encoding of "f"
        "Zm9",
        "é",
    ])
    func rejectsInvalidInput(_ encoded: String) {
        #expect(Base64URL.decode(encoded) == nil)
    }

    @Test func randomBytesRoundTrip() {
        for count in 0..<70 {
            let bytes = SecureRandom.bytes(count)
            let encoded = Base64URL.encode(bytes)
            #expect(!encoded.contains("=") && !encoded.contains("+") && !encoded.contains("/"))
            #expect(Base64URL.decode(encoded) == bytes)
            let standard = bytes.base64EncodedString()
            #expect(encoded == standard.replacing("+", with: "-").replacing("/", with: "_").replacing("=", with: ""))
        }
    }
}
