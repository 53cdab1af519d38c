import Foundation

/// A fast path for the stream's most frequent event, `{"type":"text-delta","id":"…","delta":"…"}`.
///
/// A long reply is almost entirely text deltas, and a general JSON decoder costs several times more
/// per event than the SSE framing around it. This scanner reads a JSON object whose values are all
/// strings (keys in any order, any whitespace, every JSON escape including surrogate pairs) in one
/// pass over the bytes. Anything else — another value kind, a duplicate key, a syntax error —
/// returns `nil`, and the caller falls back to `JSONDecoder`, so the fast path never decides what
/// valid or invalid JSON means on its own.
enum FlatJSONScanner {
    /// The event, when `data` is a flat string-valued text-delta object; else `nil`.
    static func textDelta(_ data: Data) -> StreamEvent? {
        data.withUnsafeBytes { raw -> StreamEvent? in
            guard let fields = scan(raw.bindMemory(to: UInt8.self)), fields["type"] == "text-delta",
                let delta = fields["delta"]
            else { return nil }
            return .textDelta(id: fields["id"] ?? "", delta: delta)
        }
    }

    /// The members of a flat object of strings, or `nil`.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> [String: String]? {
        var index = 0
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
        var fields: [String: String] = [:]
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
        } else {
            while true {
                guard expect(UInt8(ascii: "\"")), let key = string(bytes, &index), expect(UInt8(ascii: ":")),
                    expect(UInt8(ascii: "\"")), let value = string(bytes, &index), fields[key] == nil
                else { return nil }
                fields[key] = value
                if expect(UInt8(ascii: ",")) { continue }
                guard expect(UInt8(ascii: "}")) else { return nil }
                break
            }
        }
        skipSpace()
        return index == bytes.count ? fields : nil
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
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }
}
