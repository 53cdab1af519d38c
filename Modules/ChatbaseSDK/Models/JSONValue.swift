import Foundation

/// Any JSON value: the type of tool input and output and of other open-ended fields.
///
/// Decoding tries the kinds in this order: `null`, `bool`, `int`, `number`, `string`, `object`,
/// `array`. A whole number that fits in `Int` becomes ``int(_:)``; every other number becomes
/// ``number(_:)``. Use ``numberValue`` when a value may arrive either way (`9` or `9.5`), and
/// ``intValue`` only when you need an exact integer.
///
/// An object with an `"error"` key is how a tool reports a failure: the agent sees the tool as
/// failed, and ``ConversationState`` shows its card as failed.
///
/// ```swift
/// let city = input["location"]?["city"]?.stringValue
/// return .object(["temperature": .int(21), "unit": "celsius"])
/// ```
public enum JSONValue: Sendable, Equatable, Codable {
    /// A JSON string.
    case string(String)
    /// A whole JSON number that fits in `Int`.
    case int(Int)
    /// Any other JSON number.
    case number(Double)
    /// `true` or `false`.
    case bool(Bool)
    /// A JSON object.
    case object([String: JSONValue])
    /// A JSON array.
    case array([JSONValue])
    /// JSON `null`.
    case null

    /// The string, when this is ``string(_:)``.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The integer, when this is ``int(_:)``; `nil` for ``number(_:)``, even `9.0`.
    public var intValue: Int? {
        if case .int(let value) = self { return value }
        return nil
    }

    /// The number as a `Double`, from ``number(_:)`` or ``int(_:)``.
    public var numberValue: Double? {
        switch self {
        case .number(let value): return value
        case .int(let value): return Double(value)
        default: return nil
        }
    }

    /// The boolean, when this is ``bool(_:)``; numbers are never read as booleans.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The members, when this is ``object(_:)``.
    public var objectValue: [String: JSONValue]? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// The elements, when this is ``array(_:)``.
    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The member named `key`; `nil` when it is missing or this is not an object, so lookups chain.
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// Decodes any JSON value (see the type's discussion for the order kinds are tried in).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([String: JSONValue].self) {
            self = .object(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a JSON value")
        }
    }

    /// Encodes the JSON this value stands for. A non-finite ``number(_:)`` fails to encode.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .null: try container.encodeNil()
        }
    }
}

extension JSONValue: Hashable {}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    /// `"text"` is ``string(_:)``.
    public init(stringLiteral value: String) { self = .string(value) }
    /// `3` is ``int(_:)``.
    public init(integerLiteral value: Int) { self = .int(value) }
    /// `2.5` is ``number(_:)``.
    public init(floatLiteral value: Double) { self = .number(value) }
    /// `true` is ``bool(_:)``.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// `[1, "a"]` is ``array(_:)``.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// `["a": 1]` is ``object(_:)``; a repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { $1 }))
    }
}

extension JSONValue {
    /// Whether this is an object with an `"error"` key: the SDK's convention for a failed tool.
    var isErrorObject: Bool {
        if case .object(let members) = self { return members["error"] != nil }
        return false
    }
}
