import ErrorCore
import Foundation

/// JSON coding for the sample backend's bodies.
///
/// Bodies are built and read as `AnyCodableValue` trees whose keys are already the wire's snake_case, through
/// ErrorCore's snake_case SDK coders (sorted keys, unescaped slashes). Foundation never converts the keys of a
/// string-keyed dictionary, so a free-form `metadata` object keeps `userName` as `userName`; the tests pin that.
package enum SampleJSON {
    /// Encodes a value with sorted keys and unescaped slashes, so equal values give equal bytes.
    package static func render(_ value: AnyCodableValue) -> Data {
        // ErrorCore's own renderer: sorted keys, unescaped slashes, JavaScript number forms, and
        // several times cheaper than JSONEncoder, which was a sixth of each request's time.
        Data(value.jsonText.utf8)
    }

    /// Encodes a spec value: sorted keys, unescaped slashes, pretty-printed when asked.
    ///
    /// It takes the camelCase-wire encoder (keys unchanged): a `SampleSpecNode` object encodes through a keyed
    /// container, which the snake_case strategy would rewrite (`operationId` → `operation_id`).
    package static func render(_ node: SampleSpecNode, pretty: Bool) -> Data {
        let encoder = SDKCoders.camelCaseEncoder()
        if pretty { encoder.outputFormatting.insert(.prettyPrinted) }
        return render(node, with: encoder)
    }

    /// How deeply arrays and objects may nest in a body the sample backend reads.
    package static let maxDepth = 64

    /// Decodes any JSON text; nil when it is not JSON (malformed, not UTF-8) or nests deeper than
    /// `maxDepth`.
    ///
    /// The depth is checked on the raw bytes first, so a hostile `[[[[…` never reaches the recursive decoder
    /// (or, later, the recursive encoder), whatever stack the calling thread has.
    package static func parse(_ data: Data) -> AnyCodableValue? {
        guard nestingDepth(of: data) <= maxDepth else { return nil }
        return try? snakeCaseDecoder.decode(AnyCodableValue.self, from: data)
    }

    // Built once and shared (safe once configured): one per request was measurable.
    private static let snakeCaseDecoder = SDKCoders.snakeCaseDecoder()

    /// The deepest array/object nesting in JSON text, ignoring brackets inside strings.
    static func nestingDepth(of data: Data) -> Int {
        var depth = 0
        var deepest = 0
        var inString = false
        var escaped = false
        for byte in data {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                deepest = max(deepest, depth)
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return deepest
    }

    /// The size in bytes of a value once rendered, for size rules such as the 8 KiB metadata cap.
    package static func renderedSize(_ value: AnyCodableValue) -> Int {
        render(value).count
    }

    /// A string value, or JSON null for nil.
    package static func string(_ string: String?) -> AnyCodableValue {
        string.map(AnyCodableValue.string) ?? .null
    }

    /// A timestamp rendered by `SampleTimestamp`, or JSON null for nil.
    package static func timestamp(_ milliseconds: Int64?) -> AnyCodableValue {
        milliseconds.map { .string(SampleTimestamp.format($0)) } ?? .null
    }

    private static func render(_ value: some Encodable, with encoder: JSONEncoder) -> Data {
        // JSON trees of strings, numbers and nested containers always encode; a non-finite double (the only
        // failure) cannot come from parsed JSON, and renders as null rather than failing a response.
        (try? encoder.encode(value)) ?? Data("null".utf8)
    }
}
