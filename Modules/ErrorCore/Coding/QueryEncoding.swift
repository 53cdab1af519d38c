import Foundation

/// Builds query strings exactly as the Palbase web SDK does, so the same input gives the same
/// bytes on every platform (the shared golden vectors in `Specs/vectors/query.json` hold both).
///
/// The rules, in order:
/// 1. The query value is encoded to JSON with ``SDKCoders/snakeCaseEncoder()`` (so `pageSize` is
///    sent as `page_size` and dates as ISO 8601 strings). It must be a JSON object.
/// 2. Keys are emitted in sorted order, by UTF-16 code units (JavaScript's default sort).
/// 3. A scalar becomes one `key=value`; an array becomes one `key=value` per scalar element, in
///    array order. `null`, nested objects, and `null` or nested elements inside arrays are skipped:
///    a query string cannot represent them.
/// 4. Booleans are `true`/`false`; integral numbers are written without a fraction (`page: 0` →
///    `page=0`, `2.0` → `page=2`, never `page=false`); other numbers as JavaScript's
///    `String(number)` writes them (`0.5`, `-1.25`, `1e-7`, `1.5e+21`).
/// 5. Keys and values are percent-encoded with ``PercentEncoding/encodeURIComponent(_:)``: a
///    space is `%20`, `+` is `%2B`.
///
/// An empty result means "no query": callers add no `?` at all.
package enum QueryEncoding {
    /// The query string (no leading `?`) for `query`, a value whose JSON form is an object.
    ///
    /// - Throws: the `EncodingError` of the snake_case encoder when `query` cannot be encoded, or
    ///   ``RequestEncodingError/queryIsNotAnObject(found:)`` when its JSON is not an object.
    package static func queryString(for query: some Encodable) throws -> String {
        let json = try encoder.encode(query)
        // The bytes just came from JSONEncoder, so they always decode; the guard keeps a
        // surprise typed rather than a trap.
        let value = try decoder.decode(AnyCodableValue.self, from: json)
        guard case .object(let object) = value else {
            throw RequestEncodingError.queryIsNotAnObject(found: value.kindName)
        }
        return queryString(fromJSONObject: object)
    }

    /// The query string for an object already in wire form: keys are used as they are (no
    /// snake_case conversion), and the rules 2–5 above apply.
    package static func queryString(fromJSONObject object: [String: AnyCodableValue]) -> String {
        var pairs: [String] = []
        for key in object.keys.sorted(by: AnyCodableValue.utf16Precedes) {
            let encodedKey = PercentEncoding.encodeURIComponent(key)
            switch object[key]! {
            case .array(let elements):
                for element in elements {
                    if let text = scalarText(element) {
                        pairs.append(encodedKey + "=" + PercentEncoding.encodeURIComponent(text))
                    }
                }
            case let value:
                if let text = scalarText(value) {
                    pairs.append(encodedKey + "=" + PercentEncoding.encodeURIComponent(text))
                }
            }
        }
        return pairs.joined(separator: "&")
    }

    /// JavaScript's `String(value)` for a scalar; `nil` for what a query string skips.
    private static func scalarText(_ value: AnyCodableValue) -> String? {
        switch value {
        case .string(let string): return string
        case .int(let int): return String(int)
        case .double(let double): return JavaScriptNumber.string(from: double)
        case .bool(let bool): return bool ? "true" : "false"
        case .null, .array, .object: return nil
        }
    }

    // Both are safe to share: Foundation's coders hold no per-call state and are Sendable.
    private static let encoder = SDKCoders.snakeCaseEncoder()
    private static let decoder = JSONDecoder()
}
