import ErrorCore
import Foundation

/// A fast path for the events every reply sends: `text-delta` above all, the framing events around
/// it (`start`, `start-step`, `text-start`, `text-end`, `finish-step`) and `finish`.
///
/// A long reply is almost entirely text deltas, and a general JSON decoder costs several times more
/// per event than the SSE framing around it; `finish` comes once per stream but `JSONDecoder` spends
/// longer on it than on everything else a short reply does. This scanner reads such an event in one
/// pass over the bytes: keys in any order, any whitespace, every JSON escape including surrogate
/// pairs, and values it does not need checked for well-formedness and skipped. Anything else, like
/// another event type, a value of an unexpected kind, a repeated key or a syntax error, returns `nil`,
/// and the caller falls back to `JSONDecoder`, so the fast path never decides on its own what valid or
/// invalid JSON means. Its result is what `StreamEvent`'s `Decodable` conformance gives for the same
/// bytes (a test holds the two together).
struct StreamEventScanner {
    /// Deeper values (inside members the scanner skips) are left to `JSONDecoder`.
    private static let maximumDepth = 64

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The event in `data`, when the fast path reads it; else `nil`.
    static func event(_ data: Data) -> StreamEvent? {
        data.withUnsafeBytes { raw in event(raw.bindMemory(to: UInt8.self)) }
    }

    /// The event in `bytes`, when the fast path reads it; else `nil`.
    static func event(_ bytes: UnsafeBufferPointer<UInt8>) -> StreamEvent? {
        var scanner = StreamEventScanner(bytes)
        return scanner.event()
    }

    /// A `text-delta` event's ID and text, still in the event's bytes.
    struct CanonicalDelta {
        /// The block ID (ASCII).
        let id: UnsafeBufferPointer<UInt8>
        /// The text's UTF-8 bytes: valid when ``isASCII``, otherwise not yet validated.
        let text: UnsafeBufferPointer<UInt8>
        let isASCII: Bool
    }

    /// The ID and text of a `text-delta` event written the way the Chatbase API (like every AI-SDK
    /// server, through `JSON.stringify`) writes it: `{"type":"text-delta","id":"…","delta":"…"}`, in that
    /// order, without spaces, with no escapes and an ASCII ID; else `nil`, and ``event(_:)`` reads it.
    ///
    /// Nearly every event of a reply has this shape, so it skips the member loop, the key comparisons
    /// and the enum the general path goes through, and builds no string.
    static func canonicalTextDelta(_ bytes: UnsafeBufferPointer<UInt8>) -> CanonicalDelta? {
        guard let (delta, end) = canonicalTextDelta(prefixOf: bytes), end == bytes.count else { return nil }
        return delta
    }

    /// A whole SSE event holding a canonical text delta, at the start of `bytes`: the line
    /// `data: {"type":"text-delta",…}` and the blank line after it, both ended by LF or both by CRLF.
    /// Returns the delta and the event's length in bytes, or `nil` (the SSE parser then reads the bytes).
    ///
    /// The JSON string rules already rule out a line break before the closing brace, so the event's end
    /// is found without searching for it: framing and decoding become one pass over the bytes.
    static func canonicalTextDeltaEvent(_ bytes: UnsafeBufferPointer<UInt8>) -> (CanonicalDelta, length: Int)? {
        let field: StaticString = "data: "
        let count = field.utf8CodeUnitCount
        guard bytes.count > count, let base = bytes.baseAddress, memcmp(base, field.utf8Start, count) == 0,
            let (delta, end) = canonicalTextDelta(prefixOf: UnsafeBufferPointer(rebasing: bytes[count...]))
        else { return nil }
        let json = count + end
        let lf = UInt8(ascii: "\n")
        let cr = UInt8(ascii: "\r")
        if json + 2 <= bytes.count, bytes[json] == lf, bytes[json + 1] == lf { return (delta, json + 2) }
        if json + 4 <= bytes.count, bytes[json] == cr, bytes[json + 1] == lf, bytes[json + 2] == cr,
            bytes[json + 3] == lf
        {
            return (delta, json + 4)
        }
        return nil
    }

    /// A canonical text delta at the start of `bytes`, and the index just after its closing brace.
    private static func canonicalTextDelta(
        prefixOf bytes: UnsafeBufferPointer<UInt8>
    ) -> (CanonicalDelta, end: Int)? {
        let head: StaticString = #"{"type":"text-delta","id":""#
        let middle: StaticString = #","delta":""#
        // The head, the ID's closing quote, the middle, the delta's closing quote and the brace.
        guard let base = bytes.baseAddress, bytes.count >= head.utf8CodeUnitCount + middle.utf8CodeUnitCount + 3,
            memcmp(base, head.utf8Start, head.utf8CodeUnitCount) == 0
        else { return nil }
        var index = head.utf8CodeUnitCount
        guard let (id, idIsASCII) = plainString(bytes, from: &index), idIsASCII,
            bytes.count - index >= middle.utf8CodeUnitCount + 2,
            memcmp(base + index, middle.utf8Start, middle.utf8CodeUnitCount) == 0
        else { return nil }
        index += middle.utf8CodeUnitCount
        guard let (text, isASCII) = plainString(bytes, from: &index), index < bytes.count,
            bytes[index] == UInt8(ascii: "}")
        else { return nil }
        return (CanonicalDelta(id: id, text: text, isASCII: isASCII), index + 1)
    }

    /// A string body without escapes from `index` through its closing quote, and whether it is ASCII;
    /// `nil` at a backslash, a control character, or no closing quote.
    private static func plainString(
        _ bytes: UnsafeBufferPointer<UInt8>, from index: inout Int
    ) -> (UnsafeBufferPointer<UInt8>, isASCII: Bool)? {
        let start = index
        var high: UInt8 = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                defer { index += 1 }
                return (UnsafeBufferPointer(rebasing: bytes[start..<index]), high < 0x80)
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
            high |= byte
            index += 1
        }
        return nil
    }

    private enum Kind {
        case textDelta, textStart, textEnd, start, finish
        case step(String)
    }

    private mutating func event() -> StreamEvent? {
        var kind: Kind?
        var id: String?
        var delta: String?
        var messageId: String?
        var reason: String?
        var metadata: (finish: StreamFinish, reason: String?)?
        var seen = Members()
        guard consume(UInt8(ascii: "{")), !consume(UInt8(ascii: "}")) else { return nil }
        repeat {
            guard let key = key() else { return nil }
            if key.equals("type") {
                guard seen.insert(.type), let value = stringValue(), let type = Self.kind(value) else { return nil }
                kind = type
            } else if key.equals("delta") {
                guard seen.insert(.delta), let value = stringValue()?.string else { return nil }
                delta = value
            } else if key.equals("id") {
                guard seen.insert(.id), let value = stringValue()?.string else { return nil }
                id = value
            } else if key.equals("messageId") {
                guard seen.insert(.messageId), let value = stringValue()?.string else { return nil }
                messageId = value
            } else if key.equals("finishReason") {
                guard seen.insert(.finishReason), let value = nullableString() else { return nil }
                reason = value
            } else if key.equals("messageMetadata") {
                guard seen.insert(.messageMetadata), let value = metadataObject() else { return nil }
                metadata = value
            } else {
                guard skipValue(depth: 1) else { return nil }
            }
        } while consume(UInt8(ascii: ","))
        guard consume(UInt8(ascii: "}")) else { return nil }
        skipSpace()
        guard index == bytes.count, let kind else { return nil }
        switch kind {
        case .textDelta:
            guard let delta else { return nil }
            return .textDelta(id: id ?? "", delta: delta)
        case .textStart: return .textStart(id: id ?? "")
        case .textEnd: return .textEnd(id: id ?? "")
        case .start: return .start(messageId: messageId)
        case .step(let type): return .unknown(type: type)
        case .finish:
            var finish = metadata?.finish ?? StreamFinish()
            finish.finishReason = FinishReason(wire: reason ?? metadata?.reason)
            return .finish(finish)
        }
    }

    private static func kind(_ type: StringBytes) -> Kind? {
        if type.equals("text-delta") { return .textDelta }
        if type.equals("text-start") { return .textStart }
        if type.equals("text-end") { return .textEnd }
        if type.equals("start") { return .start }
        if type.equals("finish") { return .finish }
        if type.equals("start-step") { return .step("start-step") }
        if type.equals("finish-step") { return .step("finish-step") }
        return nil
    }

    /// `finish`'s `messageMetadata`: IDs and the reason as strings or `null`, `usage.credits` a number or
    /// `null`, other members skipped.
    private mutating func metadataObject() -> (finish: StreamFinish, reason: String?)? {
        var finish = StreamFinish()
        var reason: String?
        var seen = Members()
        guard consume(UInt8(ascii: "{")) else { return nil }
        if consume(UInt8(ascii: "}")) { return (finish, nil) }
        repeat {
            guard let key = key() else { return nil }
            if key.equals("conversationId") {
                guard seen.insert(.conversationId), let value = nullableString() else { return nil }
                finish.conversationId = value
            } else if key.equals("messageId") {
                guard seen.insert(.messageId), let value = nullableString() else { return nil }
                finish.messageId = value
            } else if key.equals("userMessageId") {
                guard seen.insert(.userMessageId), let value = nullableString() else { return nil }
                finish.userMessageId = value
            } else if key.equals("userId") {
                guard seen.insert(.userId), let value = nullableString() else { return nil }
                finish.userId = value
            } else if key.equals("finishReason") {
                guard seen.insert(.finishReason), let value = nullableString() else { return nil }
                reason = value
            } else if key.equals("usage") {
                guard seen.insert(.usage), let credits = usageCredits() else { return nil }
                finish.credits = credits
            } else {
                guard skipValue(depth: 2) else { return nil }
            }
        } while consume(UInt8(ascii: ","))
        guard consume(UInt8(ascii: "}")) else { return nil }
        return (finish, reason)
    }

    /// `usage`: an object whose `credits` is a number or `null` (→ `.some(nil)`), or `null` itself.
    private mutating func usageCredits() -> Double?? {
        if consumeLiteral("null") { return .some(nil) }
        var credits: Double?
        var seen = Members()
        guard consume(UInt8(ascii: "{")) else { return nil }
        if consume(UInt8(ascii: "}")) { return .some(nil) }
        repeat {
            guard let key = key() else { return nil }
            if key.equals("credits") {
                guard seen.insert(.credits) else { return nil }
                if !consumeLiteral("null") {
                    guard let value = number() else { return nil }
                    credits = value
                }
            } else {
                guard skipValue(depth: 3) else { return nil }
            }
        } while consume(UInt8(ascii: ","))
        guard consume(UInt8(ascii: "}")) else { return nil }
        return .some(credits)
    }

    // MARK: - Values

    /// A member's key and the colon after it.
    private mutating func key() -> StringBytes? {
        guard consume(UInt8(ascii: "\"")), let key = stringBytes(), consume(UInt8(ascii: ":")) else { return nil }
        return key
    }

    /// A string value's content.
    private mutating func stringValue() -> StringBytes? {
        guard consume(UInt8(ascii: "\"")) else { return nil }
        return stringBytes()
    }

    /// A string (→ `.some(text)`) or `null` (→ `.some(nil)`); `nil` for anything else.
    private mutating func nullableString() -> String?? {
        if consumeLiteral("null") { return .some(nil) }
        guard let text = stringValue()?.string else { return nil }
        return .some(text)
    }

    /// A JSON number as a `Double`, when it is one and is finite.
    private mutating func number() -> Double? {
        skipSpace()
        let start = index
        guard skipNumber() else { return nil }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// Steps over one well-formed value of any kind.
    private mutating func skipValue(depth: Int) -> Bool {
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
    private mutating func skipNumber() -> Bool {
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
    private mutating func skipDigits() -> Bool {
        let start = index
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
        return index > start
    }

    // MARK: - Bytes

    private func peek(_ byte: UInt8) -> Bool {
        index < bytes.count && bytes[index] == byte
    }

    private mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    /// Skips whitespace, then `byte` if it comes next.
    private mutating func consume(_ byte: UInt8) -> Bool {
        skipSpace()
        guard peek(byte) else { return false }
        index += 1
        return true
    }

    /// Skips whitespace, then `literal` if it comes next.
    private mutating func consumeLiteral(_ literal: StaticString) -> Bool {
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
    private mutating func stringBytes() -> StringBytes? {
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
    private mutating func unescapedString() -> String? {
        var scalars: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(validating: scalars, as: UTF8.self)
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
    private mutating func unicodeEscape() -> Unicode.Scalar? {
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

    private mutating func hex4() -> UInt32? {
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
private struct Members {
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
private enum StringBytes {
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
        case .slice(let bytes, false): String(validating: bytes, as: UTF8.self)
        case .unescaped(let bytes): String(validating: bytes, as: UTF8.self)
        }
    }

    var isValidUTF8: Bool {
        if case .slice(_, true) = self { return true }
        return string != nil
    }
}
