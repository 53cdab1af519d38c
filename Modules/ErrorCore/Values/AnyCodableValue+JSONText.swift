extension AnyCodableValue: CustomStringConvertible {
    /// The compact JSON text of the value (``jsonText``).
    public var description: String { jsonText }
}

extension AnyCodableValue {
    /// Compact JSON text, rendered the way JavaScript's `JSON.stringify` renders the same value,
    /// with object keys sorted so the bytes are deterministic.
    ///
    /// - Keys are sorted by UTF-16 code units (JavaScript's default sort order).
    /// - Numbers: ``int(_:)`` in decimal; ``double(_:)`` as JavaScript's `String(number)` would
    ///   (`0.1`, `2`, `1e-7`, `1.5e+21`); a non-finite double renders as `null`, like
    ///   `JSON.stringify`.
    /// - Strings escape `"`, `\` and control characters only; `/` and non-ASCII stay as they are.
    public var jsonText: String {
        var output = ""
        write(to: &output)
        return output
    }

    private func write(to output: inout String) {
        switch self {
        case .string(let string):
            Self.writeQuoted(string, to: &output)
        case .int(let int):
            output += String(int)
        case .double(let double):
            output += double.isFinite ? JavaScriptNumber.string(from: double) : "null"
        case .bool(let bool):
            output += bool ? "true" : "false"
        case .null:
            output += "null"
        case .array(let array):
            output += "["
            for (offset, element) in array.enumerated() {
                if offset > 0 { output += "," }
                element.write(to: &output)
            }
            output += "]"
        case .object(let object):
            output += "{"
            for (offset, key) in object.keys.sorted(by: Self.utf16Precedes).enumerated() {
                if offset > 0 { output += "," }
                Self.writeQuoted(key, to: &output)
                output += ":"
                object[key]!.write(to: &output)
            }
            output += "}"
        }
    }

    /// Orders strings by UTF-16 code units, as JavaScript's `Array.prototype.sort` does; Swift's
    /// own `<` orders by Unicode scalars, which differs for characters above U+FFFF.
    static func utf16Precedes(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf16.lexicographicallyPrecedes(rhs.utf16)
    }

    /// Writes `string` as a JSON string literal: `"`, `\` and control characters escaped, `/` and
    /// non-ASCII kept. Package-wide so every JSON writer in the package escapes the same way.
    ///
    /// Copies each run of bytes that needs no escape in one append: appending scalar by scalar made this
    /// the costliest part of writing a body. Every byte that needs an escape is ASCII, so each run starts
    /// and ends on a scalar boundary (not always a character's: `"` may be followed by a combining mark),
    /// which is why runs are cut from the scalar view.
    package static func writeQuoted(_ string: String, to output: inout String) {
        output += "\""
        let utf8 = string.utf8
        var runStart = utf8.startIndex
        var index = runStart
        while index != utf8.endIndex {
            let byte = utf8[index]
            guard byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 else {
                index = utf8.index(after: index)
                continue
            }
            output += Substring(string.unicodeScalars[runStart..<index])
            output += escape(byte)
            index = utf8.index(after: index)
            runStart = index
        }
        output += Substring(string.unicodeScalars[runStart..<utf8.endIndex])
        output += "\""
    }

    /// The escape of one ASCII byte that cannot appear raw in a JSON string.
    private static func escape(_ byte: UInt8) -> String {
        switch byte {
        case UInt8(ascii: "\""): return "\\\""
        case UInt8(ascii: "\\"): return "\\\\"
        case UInt8(ascii: "\n"): return "\\n"
        case UInt8(ascii: "\r"): return "\\r"
        case UInt8(ascii: "\t"): return "\\t"
        case 0x08: return "\\b"
        case 0x0C: return "\\f"
        default:
            let hex = String(byte, radix: 16)
            return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
    }
}
