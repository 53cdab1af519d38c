import Foundation

extension StreamEventScanner {
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
}
