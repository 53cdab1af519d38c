import Foundation

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
        String(decoding: jsonBytes, as: UTF8.self)
    }

    /// ``jsonText`` as UTF-8 bytes, written straight into the buffer (the form a request body takes).
    public var jsonData: Data {
        Data(jsonBytes)
    }

    /// ``jsonText``'s UTF-8 bytes. Written as bytes, not appended to a `String`: on Linux, growing a
    /// `String` piece by piece cost more than the rest of sending a small body.
    private var jsonBytes: [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(128)
        write(to: &output)
        return output
    }

    func write(to output: inout [UInt8]) {
        switch self {
        case .string(let string):
            Self.writeQuoted(string, to: &output)
        case .int(let int):
            output.append(contentsOf: String(int).utf8)
        case .double(let double):
            output.append(contentsOf: (double.isFinite ? JavaScriptNumber.string(from: double) : "null").utf8)
        case .bool(let bool):
            output.append(contentsOf: bool ? Self.trueBytes : Self.falseBytes)
        case .null:
            output.append(contentsOf: Self.nullBytes)
        case .array(let array):
            output.append(UInt8(ascii: "["))
            for (offset, element) in array.enumerated() {
                if offset > 0 { output.append(UInt8(ascii: ",")) }
                element.write(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            output.append(UInt8(ascii: "{"))
            for (offset, member) in object.sorted(by: { Self.utf16Precedes($0.key, $1.key) }).enumerated() {
                if offset > 0 { output.append(UInt8(ascii: ",")) }
                Self.writeQuoted(member.key, to: &output)
                output.append(UInt8(ascii: ":"))
                member.value.write(to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    private static let trueBytes = Array("true".utf8)
    private static let falseBytes = Array("false".utf8)
    private static let nullBytes = Array("null".utf8)

    /// Orders strings by UTF-16 code units, as JavaScript's `Array.prototype.sort` does; Swift's
    /// own `<` orders by Unicode scalars, which differs for characters above U+FFFF.
    ///
    /// UTF-8 bytes sort in scalar order, and scalar order is UTF-16 order below U+E000, whose UTF-8
    /// forms never contain a byte from 0xEE up: two strings without such a byte (every ASCII key) are
    /// compared as bytes, without walking their UTF-16 views.
    static func utf16Precedes(_ lhs: String, _ rhs: String) -> Bool {
        var lhs = lhs
        var rhs = rhs
        let byBytes = lhs.withUTF8 { left in
            rhs.withUTF8 { right -> Bool? in
                var index = 0
                let shared = min(left.count, right.count)
                while index < shared && left[index] == right[index] {
                    if left[index] >= 0xEE { return nil }
                    index += 1
                }
                if index < shared {
                    guard left[index] < 0xEE && right[index] < 0xEE else { return nil }
                    return left[index] < right[index]
                }
                return left.count < right.count
            }
        }
        return byBytes ?? lhs.utf16.lexicographicallyPrecedes(rhs.utf16)
    }

    /// Writes `string` as a JSON string literal: `"`, `\` and control characters escaped, `/` and
    /// non-ASCII kept. Package-wide so every JSON writer in the package escapes the same way.
    package static func writeQuoted(_ string: String, to output: inout String) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(string.utf8.count + 2)
        writeQuoted(string, to: &bytes)
        output += String(decoding: bytes, as: UTF8.self)
    }

    /// The same literal as UTF-8 bytes, appended to `output`: each run of bytes that needs no escape is
    /// copied in one append. Every byte that needs an escape is ASCII, so the runs stay valid UTF-8.
    package static func writeQuoted(_ string: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        let bytes = string.utf8
        var runStart = bytes.startIndex
        var index = runStart
        while index != bytes.endIndex {
            let byte = bytes[index]
            let next = bytes.index(after: index)
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 {
                output.append(contentsOf: bytes[runStart..<index])
                output.append(contentsOf: escape(byte).utf8)
                runStart = next
            }
            index = next
        }
        output.append(contentsOf: bytes[runStart...])
        output.append(UInt8(ascii: "\""))
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
