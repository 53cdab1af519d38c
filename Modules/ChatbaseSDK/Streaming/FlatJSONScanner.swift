import ErrorCore
import Foundation

/// A fast path for the stream's most frequent events, above all `{"type":"text-delta","id":"…","delta":"…"}`.
///
/// A long reply is almost entirely text deltas, and a general JSON decoder costs several times more
/// per event than the SSE framing around it. This scanner reads a JSON object whose values are all
/// strings (keys in any order, any whitespace, every JSON escape including surrogate pairs) in one
/// pass over the bytes. Anything else — another value kind, a duplicate key, a syntax error —
/// returns `nil`, and the caller falls back to `JSONDecoder`, so the fast path never decides what
/// valid or invalid JSON means on its own.
enum FlatJSONScanner {
    /// The event, when `data` is a flat string-valued object of one of the framing types below; else `nil`.
    static func event(_ data: Data) -> StreamEvent? {
        data.withUnsafeBytes { raw in event(raw.bindMemory(to: UInt8.self)) }
    }

    /// The event, when `bytes` hold a flat object of strings whose `type` is one the stream sends for
    /// every reply — `text-delta` (with `delta`), `text-start`, `text-end`, `start`, `start-step`,
    /// `finish-step` — else `nil`, and the caller decodes with `JSONDecoder`.
    ///
    /// One pass, no dictionary: keys are compared as bytes, and only `id`, `delta` and `messageId`
    /// become strings. Other members must still be well-formed strings (validated, then dropped). The
    /// result is what `StreamEvent`'s `Decodable` conformance gives for the same bytes (a test holds
    /// the two together).
    static func event(_ bytes: UnsafeBufferPointer<UInt8>) -> StreamEvent? {
        enum Kind { case textDelta, textStart, textEnd, start, step(String) }
        var index = 0
        var kind: Kind?
        var sawType = false
        var id: String?
        var delta: String?
        var messageId: String?
        func skipSpace() {
            while index < bytes.count,
                bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09
            {
                index += 1
            }
        }
        func expect(_ byte: UInt8) -> Bool {
            skipSpace()
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }
        guard expect(UInt8(ascii: "{")) else { return nil }
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { return nil }
        while true {
            guard expect(UInt8(ascii: "\"")), let key = stringBytes(bytes, &index), expect(UInt8(ascii: ":")),
                expect(UInt8(ascii: "\"")), let value = stringBytes(bytes, &index)
            else { return nil }
            if key.equals("type") {
                guard !sawType else { return nil }
                sawType = true
                if value.equals("text-delta") {
                    kind = .textDelta
                } else if value.equals("text-start") {
                    kind = .textStart
                } else if value.equals("text-end") {
                    kind = .textEnd
                } else if value.equals("start") {
                    kind = .start
                } else if value.equals("start-step") {
                    kind = .step("start-step")
                } else if value.equals("finish-step") {
                    kind = .step("finish-step")
                } else {
                    return nil
                }
            } else if key.equals("id") {
                guard id == nil, let text = value.string else { return nil }
                id = text
            } else if key.equals("delta") {
                guard delta == nil, let text = value.string else { return nil }
                delta = text
            } else if key.equals("messageId") {
                guard messageId == nil, let text = value.string else { return nil }
                messageId = text
            } else {
                // Another member: it must be valid text for the object to be one JSONDecoder accepts.
                guard value.isValidUTF8 else { return nil }
            }
            if expect(UInt8(ascii: ",")) { continue }
            guard expect(UInt8(ascii: "}")) else { return nil }
            break
        }
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
        }
    }

    /// A JSON string's content: a slice of the input when it had no escapes, else the unescaped bytes.
    private enum StringBytes {
        case slice(UnsafeBufferPointer<UInt8>, ascii: Bool)
        case unescaped([UInt8])

        /// Whether the content is exactly `literal` (ASCII), compared with `memcmp`.
        func equals(_ literal: StaticString) -> Bool {
            let count = literal.utf8CodeUnitCount
            switch self {
            case .slice(let bytes, _):
                guard bytes.count == count, let base = bytes.baseAddress else { return count == 0 }
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

    /// Reads a string body after its opening quote, through the closing quote, without building a
    /// `String` when it has no escapes.
    private static func stringBytes(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> StringBytes? {
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
        return string(bytes, &index).map { .unescaped(Array($0.utf8)) }
    }

    /// Reads a string body after its opening quote, through the closing quote.
    private static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> String? {
        let start = index
        // Common case: no escapes, so the bytes between the quotes are the string.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = String(validating: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            index += 1
        }
        var scalars = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
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
                    guard var code = hex4(bytes, &index) else { return nil }
                    if (0xD800..<0xDC00).contains(code) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                            bytes[index + 1] == UInt8(ascii: "u")
                        else { return nil }
                        index += 2
                        guard let low = hex4(bytes, &index), (0xDC00..<0xE000).contains(low) else { return nil }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00..<0xE000).contains(code) {
                        return nil
                    }
                    guard let scalar = Unicode.Scalar(code) else { return nil }
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

    private static func hex4(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> UInt32? {
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
