/// A JSON document exactly as written: numbers keep their source text (`9223372036854775808` stays
/// that, `-1e-999999` is not rounded to 0), objects keep their keys in document order and tell them
/// apart by their exact Unicode scalars (``ExactString``).
///
/// ``ExactJSONParser`` reads it; ``AnyCodableValue/init(_:)`` gives the usual, numeric view of it,
/// and ``sortedJSONText`` writes it back the way ``AnyCodableValue/jsonText`` writes values, but
/// with every number as it was sent. Free-form data that is "returned verbatim" (a todo's
/// `metadata`) is kept in this form.
package enum ExactJSON: Equatable, Hashable, Sendable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([ExactJSON])
    case object(ExactJSONObject)

    /// The JSON kind, for messages: `object`, `array`, `string`, `number`, `boolean`, `null`.
    package var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    package var objectValue: ExactJSONObject? {
        if case .object(let object) = self { return object }
        return nil
    }

    package var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    package var arrayValue: [ExactJSON]? {
        if case .array(let array) = self { return array }
        return nil
    }

    package var boolValue: Bool? {
        if case .bool(let bool) = self { return bool }
        return nil
    }

    /// The value of an integral number (`409`, `4.09e2`), `nil` for anything else.
    package var intValue: Int? {
        guard case .number(let text) = self else { return nil }
        if let int = Int(text) { return int }
        guard let double = Double(text), double.rounded() == double, abs(double) < 1e15 else { return nil }
        return Int(double)
    }
}
