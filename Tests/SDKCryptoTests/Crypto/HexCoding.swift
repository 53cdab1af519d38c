import Foundation

/// Hex helpers for typing in known-answer vectors as they appear in the RFCs and NIST documents.
enum HexCoding {
    /// The bytes of a hex string; spaces are ignored so vectors can be copied in groups.
    static func decode(_ hex: String) -> Data {
        let digits = Array(hex.lowercased().utf8.filter { $0 != UInt8(ascii: " ") })
        precondition(digits.count % 2 == 0, "odd number of hex digits")
        var bytes = Data(capacity: digits.count / 2)
        var index = 0
        while index < digits.count {
            bytes.append(value(of: digits[index]) << 4 | value(of: digits[index + 1]))
            index += 2
        }
        return bytes
    }

    /// Lowercase hex of `bytes`.
    static func encode(_ bytes: some DataProtocol) -> String {
        bytes.map { byte in
            let digits = Array("0123456789abcdef".utf8)
            return String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]], as: UTF8.self)
        }.joined()
    }

    private static func value(of digit: UInt8) -> UInt8 {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        default: preconditionFailure("not a hex digit: \(digit)")
        }
    }
}
