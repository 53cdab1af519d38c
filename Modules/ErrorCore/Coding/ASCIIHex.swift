/// Hexadecimal digits as bytes, for the package's hand-written parsers (JSON `\u` escapes, JSON
/// Pointer `%` escapes), and bytes as lowercase hex text (digests, random ids).
package enum ASCIIHex {
    /// The value of one hex digit (`0-9`, `a-f`, `A-F`), or `nil` for any other byte.
    package static func value(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// `bytes` as lowercase hex, two digits per byte: `[0x0f, 0xa0]` → `"0fa0"`. What
    /// `String(format: "%02x")` per byte gives, without a format string per byte.
    package static func lowercase(_ bytes: some Sequence<UInt8>) -> String {
        var utf8: [UInt8] = []
        utf8.reserveCapacity(bytes.underestimatedCount * 2)
        for byte in bytes {
            utf8.append(digits[Int(byte >> 4)])
            utf8.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: utf8, as: UTF8.self)
    }

    private static let digits = Array("0123456789abcdef".utf8)
}
