extension ExactJSONParser {
    /// Reads a string literal starting at the opening quote, decoding every escape, including
    /// UTF-16 surrogate pairs; an unpaired surrogate, a raw control character or invalid UTF-8
    /// is an error.
    mutating func parseString() throws(SyntaxError) -> String {
        index += 1
        let start = index
        var decoded: [UInt8]?  // only allocated once an escape shows up
        var runStart = index
        var isASCII = true
        while true {
            guard index < bytes.count else { throw failure("unterminated string") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text: String?
                if var buffer = decoded {
                    buffer.append(contentsOf: bytes[runStart..<index])
                    text = UTF8Text.validating(buffer)
                } else {
                    text = Self.string(bytes, start..<index, isASCII: isASCII)
                }
                guard let text else {
                    index = start
                    throw failure("invalid UTF-8 in a string")
                }
                index += 1
                return text
            }
            if byte < 0x20 { throw failure("raw control character in a string; escape it") }
            if byte >= 0x80 { isASCII = false }
            if byte == UInt8(ascii: "\\") {
                var buffer = decoded ?? []
                buffer.append(contentsOf: bytes[runStart..<index])
                index += 1
                buffer.append(contentsOf: String(try parseEscape()).utf8)
                decoded = buffer
                runStart = index
            } else {
                index += 1
            }
        }
    }

    /// The text of `bytes[range]`, or `nil` when it is not valid UTF-8. ASCII (the common case, checked
    /// while scanning) needs no validation.
    private static func string(_ bytes: [UInt8], _ range: Range<Int>, isASCII: Bool) -> String? {
        isASCII ? String(decoding: bytes[range], as: UTF8.self) : UTF8Text.validating(bytes[range])
    }

    private mutating func parseEscape() throws(SyntaxError) -> Unicode.Scalar {
        guard index < bytes.count else { throw failure("unterminated escape sequence") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let unit = try parseHexUnit()
            if (0xD800...0xDBFF).contains(unit) {
                guard peek(UInt8(ascii: "\\")), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                    throw failure("unpaired UTF-16 surrogate in \\u escape")
                }
                index += 2
                let low = try parseHexUnit()
                guard (0xDC00...0xDFFF).contains(low) else { throw failure("unpaired UTF-16 surrogate in \\u escape") }
                let value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                return Unicode.Scalar(value)!
            }
            guard let scalar = Unicode.Scalar(UInt32(unit)) else {
                throw failure("unpaired UTF-16 surrogate in \\u escape")
            }
            return scalar
        default:
            index -= 1
            throw failure("invalid escape sequence")
        }
    }

    private mutating func parseHexUnit() throws(SyntaxError) -> UInt16 {
        guard bytes.count - index >= 4 else { throw failure("expected four hex digits after \\u") }
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard let digit = ASCIIHex.value(bytes[index]) else {
                throw failure("expected four hex digits after \\u")
            }
            value = value << 4 | UInt16(digit)
            index += 1
        }
        return value
    }
}
