/// A parsed JSON document, as the generator reads it.
///
/// Objects keep their keys in document order, so a schema's properties become struct members
/// in the order the spec author wrote them; everything else the generator emits is sorted.
/// Numbers keep their source text: the generator only ever compares or prints them.
enum JSONValue: Equatable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The JSON kind, for messages: `object`, `array`, `string`, `number`, `boolean`, `null`.
    var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    var objectValue: JSONObject? {
        if case .object(let object) = self { return object }
        return nil
    }

    var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    var arrayValue: [JSONValue]? {
        if case .array(let array) = self { return array }
        return nil
    }

    var boolValue: Bool? {
        if case .bool(let bool) = self { return bool }
        return nil
    }

    /// The value of an integral number (`409`, `4.09e2`), `nil` for anything else.
    var intValue: Int? {
        guard case .number(let text) = self else { return nil }
        if let int = Int(text) { return int }
        guard let double = Double(text), double.rounded() == double, abs(double) < 1e15 else { return nil }
        return Int(double)
    }
}

/// A JSON object whose keys remember the order they appeared in.
///
/// Keys are told apart by their exact Unicode scalars (``ExactString``), as JSON does: `café` in NFC
/// and in NFD are two members, not a duplicate.
struct JSONObject: Equatable {
    private(set) var keys: [String] = []
    private var values: [ExactString: JSONValue] = [:]

    init() {}

    /// Adds `value` under `key`; returns `false` (and changes nothing) when `key` is already there.
    mutating func insert(_ value: JSONValue, forKey key: String) -> Bool {
        let exact = ExactString(key)
        guard values[exact] == nil else { return false }
        keys.append(key)
        values[exact] = value
        return true
    }

    subscript(key: String) -> JSONValue? {
        values[ExactString(key)]
    }

    /// The members in document order.
    var entries: [(key: String, value: JSONValue)] {
        keys.map { ($0, values[ExactString($0)]!) }
    }

    var isEmpty: Bool { keys.isEmpty }

    var count: Int { keys.count }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    init(dictionaryLiteral elements: (String, JSONValue)...) {
        for (key, value) in elements {
            _ = insert(value, forKey: key)
        }
    }
}
