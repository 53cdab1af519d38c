/// Percent-encoding exactly as JavaScript's `encodeURIComponent`, the rule the web SDKs use for
/// query keys, query values and path parameters.
package enum PercentEncoding {
    /// `text` with every UTF-8 byte outside `A–Z a–z 0–9 - _ . ! ~ * ' ( )` written as `%XX`
    /// (uppercase hex): a space is `%20` (never `+`), `+` is `%2B`, `é` is `%C3%A9`, and an emoji
    /// is its four UTF-8 bytes.
    package static func encodeURIComponent(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            // Fast path: most keys and ids need no escaping at all.
            if bytes.allSatisfy(isUnreserved) { return String(decoding: bytes, as: UTF8.self) }
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count * 3)
            for byte in bytes {
                if isUnreserved(byte) {
                    output.append(byte)
                } else {
                    output.append(UInt8(ascii: "%"))
                    output.append(hexDigits[Int(byte >> 4)])
                    output.append(hexDigits[Int(byte & 0x0F)])
                }
            }
            return String(decoding: output, as: UTF8.self)
        }
    }

    private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "!"), UInt8(ascii: "~"),
            UInt8(ascii: "*"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"):
            return true
        default:
            return false
        }
    }
}
