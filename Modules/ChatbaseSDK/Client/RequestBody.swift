import Foundation

/// A request body the SDK writes itself instead of going through `JSONEncoder`.
///
/// The chat bodies go out with every message and every tool round; building them by hand costs a
/// fraction of an encoder run. The bytes are exactly what ``ChatbaseHTTP/encoder`` would produce
/// (sorted keys, `nil` members left out, the encoder's string escaping), which a test checks.
protocol RequestBody: Encodable, Sendable {
    /// The body as JSON.
    var json: Data { get }
}

extension ChatBody: RequestBody {
    var json: Data {
        var writer = JSONObjectWriter()
        if let conversationId { writer.member("conversationId", conversationId) }
        writer.member("message", message)
        writer.member("stream", stream)
        return writer.finish()
    }
}

extension ContinueBody: RequestBody {
    var json: Data { JSONObjectWriter.idAndStream("conversationId", conversationId, stream) }
}

extension RetryBody: RequestBody {
    var json: Data { JSONObjectWriter.idAndStream("messageId", messageId, stream) }
}

/// Writes one flat JSON object; members must be added in sorted key order.
struct JSONObjectWriter {
    private var bytes: [UInt8] = [UInt8(ascii: "{")]

    mutating func member(_ key: StaticString, _ value: String) {
        self.key(key)
        string(value)
    }

    /// A member whose value is already JSON.
    mutating func member(_ key: StaticString, json value: Data) {
        self.key(key)
        bytes.append(contentsOf: value)
    }

    mutating func member(_ key: StaticString, _ value: Bool) {
        self.key(key)
        bytes.append(contentsOf: value ? Array("true".utf8) : Array("false".utf8))
    }

    /// `{"<key>":"<id>","stream":<stream>}`, the shape of the continue and retry bodies.
    static func idAndStream(_ key: StaticString, _ id: String, _ stream: Bool) -> Data {
        var writer = JSONObjectWriter()
        writer.member(key, id)
        writer.member("stream", stream)
        return writer.finish()
    }

    mutating func finish() -> Data {
        bytes.append(UInt8(ascii: "}"))
        return Data(bytes)
    }

    private mutating func key(_ key: StaticString) {
        if bytes.count > 1 { bytes.append(UInt8(ascii: ",")) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
        bytes.append(contentsOf: Array("\":".utf8))
    }

    /// A JSON string as Foundation's encoder writes it: `"` and `\` escaped, the control characters
    /// with their short escapes or `\u00XX`, everything else (`/` and non-ASCII included) as is.
    private mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0x08: bytes.append(contentsOf: [0x5C, UInt8(ascii: "b")])
            case 0x0C: bytes.append(contentsOf: [0x5C, UInt8(ascii: "f")])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: Array("\\u00".utf8))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0x0F)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
