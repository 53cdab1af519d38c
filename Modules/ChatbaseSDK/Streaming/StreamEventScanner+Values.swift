import ErrorCore
import Foundation

/// The scanner's JSON reading: values, strings and the bytes between them.
extension StreamEventScanner {
    /// A member's key and the colon after it.
    mutating func key() -> StringBytes? {
        guard consume(UInt8(ascii: "\"")), let key = stringBytes(), consume(UInt8(ascii: ":")) else { return nil }
        return key
    }

    /// A string value's content.
    mutating func stringValue() -> StringBytes? {
        guard consume(UInt8(ascii: "\"")) else { return nil }
        return stringBytes()
    }

    /// A string (→ `.some(text)`) or `null` (→ `.some(nil)`); `nil` for anything else.
    mutating func nullableString() -> String?? {
        if consumeLiteral("null") { return .some(nil) }
        guard let text = stringValue()?.string else { return nil }
        return .some(text)
    }

    /// A JSON number as a `Double`, when it is one and is finite.
    mutating func number() -> Double? {
        skipSpace()
        let start = index
        guard skipNumber() else { return nil }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// Steps over one well-formed value of any kind.
    mutating func skipValue(depth: Int) -> Bool {
        guard depth <= Self.maximumDepth else { return false }
        skipSpace()
        guard index < bytes.count else { return false }
        switch bytes[index] {
        case UInt8(ascii: "\""):
            index += 1
            return stringBytes()?.isValidUTF8 ?? false
        case UInt8(ascii: "{"):
            index += 1
            if consume(UInt8(ascii: "}")) { return true }
            repeat {
                guard let key = key(), key.isValidUTF8, skipValue(depth: depth + 1) else { return false }
            } while consume(UInt8(ascii: ","))
            return consume(UInt8(ascii: "}"))
        case UInt8(ascii: "["):
            index += 1
            if consume(UInt8(ascii: "]")) { return true }
            repeat {
                guard skipValue(depth: depth + 1) else { return false }
            } while consume(UInt8(ascii: ","))
            return consume(UInt8(ascii: "]"))
        case UInt8(ascii: "t"): return consumeLiteral("true")
        case UInt8(ascii: "f"): return consumeLiteral("false")
        case UInt8(ascii: "n"): return consumeLiteral("null")
        default: return skipNumber()
        }
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    mutating func skipNumber() -> Bool {
        if peek(UInt8(ascii: "-")) { index += 1 }
        if peek(UInt8(ascii: "0")) {
            index += 1
        } else {
            guard skipDigits() else { return false }
        }
        if peek(UInt8(ascii: ".")) {
            index += 1
            guard skipDigits() else { return false }
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            index += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
            guard skipDigits() else { return false }
        }
        return true
    }

    /// One or more ASCII digits.
    mutating func skipDigits() -> Bool {
        let start = index
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
        return index > start
    }

    // MARK: - Bytes

    func peek(_ byte: UInt8) -> Bool {
        index < bytes.count && bytes[index] == byte
    }

    mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    /// Skips whitespace, then `byte` if it comes next.
    mutating func consume(_ byte: UInt8) -> Bool {
        skipSpace()
        guard peek(byte) else { return false }
        index += 1
        return true
    }

    /// Skips whitespace, then `literal` if it comes next.
    mutating func consumeLiteral(_ literal: StaticString) -> Bool {
        skipSpace()
        let count = literal.utf8CodeUnitCount
        guard bytes.count - index >= count, let base = bytes.baseAddress,
            memcmp(base + index, literal.utf8Start, count) == 0
        else { return false }
        index += count
        return true
    }

    /// Reads a string body after its opening quote, through the closing quote, without building a
    /// `String` when it has no escapes.
    mutating func stringBytes() -> StringBytes? {
        let start = index
        var ascii = true
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return .slice(UnsafeBufferPointer(rebasing: bytes[start..<(index - 1)]), ascii: ascii)
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            if byte >= 0x80 { ascii = false }
            index += 1
        }
        index = start
        return unescapedString().map { .unescaped(Array($0.utf8)) }
    }

    /// Reads a string body with escapes after its opening quote, through the closing quote.
    mutating func unescapedString() -> String? {
        var scalars: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return UTF8Text.validating(scalars)
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { return nil }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(escape)
                case UInt8(ascii: "b"): scalars.append(0x08)
                case UInt8(ascii: "f"): scalars.append(0x0C)
                case UInt8(ascii: "n"): scalars.append(0x0A)
                case UInt8(ascii: "r"): scalars.append(0x0D)
                case UInt8(ascii: "t"): scalars.append(0x09)
                case UInt8(ascii: "u"):
                    guard let scalar = unicodeEscape() else { return nil }
                    scalars.append(contentsOf: Array(String(Character(scalar)).utf8))
                default:
                    return nil
                }
            default:
                guard byte >= 0x20 else { return nil }
                scalars.append(byte)
            }
        }
        return nil
    }

    /// The scalar of a `\uXXXX` escape (after the `u`), joining a surrogate pair.
    mutating func unicodeEscape() -> Unicode.Scalar? {
        guard var code = hex4() else { return nil }
        if (0xD800..<0xDC00).contains(code) {
            guard peek(UInt8(ascii: "\\")), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                return nil
            }
            index += 2
            guard let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00..<0xE000).contains(code) {
            return nil
        }
        return Unicode.Scalar(code)
    }

    mutating func hex4() -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = ASCIIHex.value(bytes[index]) else { return nil }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }
}

/// The members of one object read so far, so a repeated key declines the fast path.
struct Members {
    struct Key: OptionSet {
        let rawValue: UInt16
        static let type = Key(rawValue: 1 << 0)
        static let id = Key(rawValue: 1 << 1)
        static let delta = Key(rawValue: 1 << 2)
        static let messageId = Key(rawValue: 1 << 3)
        static let finishReason = Key(rawValue: 1 << 4)
        static let messageMetadata = Key(rawValue: 1 << 5)
        static let conversationId = Key(rawValue: 1 << 6)
        static let userMessageId = Key(rawValue: 1 << 7)
        static let userId = Key(rawValue: 1 << 8)
        static let usage = Key(rawValue: 1 << 9)
        static let credits = Key(rawValue: 1 << 10)
    }

    private var seen: Key = []

    /// Records `key`; `false` when it was already there.
    mutating func insert(_ key: Key) -> Bool {
        seen.insert(key).inserted
    }
}

/// A JSON string's content: a slice of the input when it had no escapes, else the unescaped bytes.
enum StringBytes {
    case slice(UnsafeBufferPointer<UInt8>, ascii: Bool)
    case unescaped([UInt8])

    /// Whether the content is exactly `literal` (ASCII).
    func equals(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        switch self {
        case .slice(let bytes, _):
            guard bytes.count == count, let base = bytes.baseAddress else { return count == 0 && bytes.isEmpty }
            return memcmp(base, literal.utf8Start, count) == 0
        case .unescaped(let bytes):
            guard bytes.count == count else { return false }
            return bytes.withUnsafeBytes { memcmp($0.baseAddress!, literal.utf8Start, count) == 0 }
        }
    }

    /// The text, or `nil` when the bytes are not valid UTF-8.
    var string: String? {
        switch self {
        // ASCII needs no validation, and decoding it this way stays on the specialised fast path.
        case .slice(let bytes, true): String(decoding: bytes, as: UTF8.self)
        case .slice(let bytes, false): UTF8Text.validating(bytes)
        case .unescaped(let bytes): UTF8Text.validating(bytes)
        }
    }

    var isValidUTF8: Bool {
        if case .slice(_, true) = self { return true }
        return string != nil
    }
}
