import ErrorCore
import Foundation

/// JSON coding for the sample backend's bodies.
///
/// Bodies are built and read as `AnyCodableValue` trees whose keys are already the wire's snake_case, written
/// with sorted keys and unescaped slashes. They are read by ErrorCore's exact parser: keys are never converted
/// (a free-form `metadata` object keeps `userName` as `userName`), a key repeated in one object keeps its last
/// value, and free-form data returned verbatim keeps its `ExactJSON` form, numbers as written; the tests pin
/// all three.
package enum SampleJSON {
    /// Encodes a value with sorted keys and unescaped slashes, so equal values give equal bytes.
    package static func render(_ value: AnyCodableValue) -> Data {
        // ErrorCore's own renderer: sorted keys, unescaped slashes, JavaScript number forms, and
        // several times cheaper than JSONEncoder, which was a sixth of each request's time.
        value.jsonData
    }

    /// How deeply arrays and objects may nest in a body the sample backend reads.
    package static let maxDepth = 64

    /// Decodes any JSON text; nil when it is not JSON (malformed, not UTF-8) or nests deeper than
    /// `maxDepth`. A key repeated in one object keeps its last value (`JSON.parse`'s rule, and the
    /// package's: see `AnyCodableValue(parsingJSON:)`).
    ///
    /// The depth is checked on the raw bytes first, so a hostile `[[[[…` never reaches the recursive
    /// conversions and renderers, whatever stack the calling thread has.
    package static func parse(_ data: Data) -> AnyCodableValue? {
        parseExact(data).map(AnyCodableValue.init)
    }

    /// ``parse(_:)``, exactly as written: numbers keep their text, keys their exact spelling.
    package static func parseExact(_ data: Data) -> ExactJSON? {
        guard nestingDepth(of: data) <= maxDepth else { return nil }
        return try? ExactJSONParser.parse(Array(data), duplicateKeys: .lastWins)
    }

    /// Renders an exact value with sorted keys, byte for byte as ``render(_:)-(AnyCodableValue)`` would
    /// render its numeric view, except that every number is written as it was received.
    package static func render(_ value: ExactJSON) -> Data {
        Data(value.sortedJSONText.utf8)
    }

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
    package static func renderedSize(_ value: ExactJSON) -> Int {
        value.sortedJSONText.utf8.count
    }

    /// A string value, or JSON null for nil.
    package static func string(_ string: String?) -> AnyCodableValue {
        string.map(AnyCodableValue.string) ?? .null
    }

    /// A timestamp rendered by `SampleTimestamp`, or JSON null for nil.
    package static func timestamp(_ milliseconds: Int64?) -> AnyCodableValue {
        milliseconds.map { .string(SampleTimestamp.format($0)) } ?? .null
    }
}
