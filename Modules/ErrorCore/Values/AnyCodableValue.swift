import Foundation

/// Any JSON value, for the open-ended parts of a contract: free-form fields, realtime payloads,
/// analytics properties and the open `details`/`data` of an error envelope.
///
/// Decoding maps JSON onto the cases without guessing across kinds: `true`/`false` are always
/// ``bool(_:)`` and never numbers, `0`/`1` are always numbers and never booleans.
///
/// Numbers: a JSON number with an integral value that fits in `Int` decodes as ``int(_:)`` —
/// that includes `2.0` and `1e3` in the JSON text, because JSON does not tell `2.0` from `2`.
/// Every other number (a fraction, or an integer beyond `Int`'s range such as
/// `9223372036854775808` or `1e30`) decodes as ``double(_:)``. Equality is by case, so
/// `.int(2) != .double(2.0)`; use ``doubleValue`` or ``intValue`` to compare numerically.
///
/// Object keys are kept exactly as they are on the wire, also through coders that convert keys
/// (`.convertFromSnakeCase`): Foundation leaves string-keyed dictionaries alone, and an object is one.
/// A key repeated in one object (which the contract forbids) keeps the value Foundation's
/// `JSONDecoder` keeps, the first; the SDKs' own parsing keeps the last, as JavaScript's `JSON.parse`
/// does (see Palbe's "JSON on the Wire").
///
/// ```swift
/// let value = try JSONDecoder().decode(AnyCodableValue.self, from: body)
/// let epoch = value[0]?["current_epoch"]?.intValue
/// ```
public enum AnyCodableValue: Codable, Sendable, Equatable {
    /// A JSON string.
    case string(String)
    /// A JSON number with an integral value that fits in `Int`.
    case int(Int)
    /// Any other JSON number.
    case double(Double)
    /// `true` or `false`.
    case bool(Bool)
    /// A JSON array.
    case array([AnyCodableValue])
    /// A JSON object; keys are kept verbatim.
    case object([String: AnyCodableValue])
    /// JSON `null`.
    case null

    /// Decodes any JSON value; throws `DecodingError.dataCorrupted` only when the decoder offers
    /// something that is none of JSON's kinds.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let int = try? container.decode(Int.self) {
            self = .int(int)
        } else if let double = try? container.decode(Double.self) {
            self = .double(double)
        } else if let object = try? container.decode([String: AnyCodableValue].self) {
            self = .object(object)
        } else if let array = try? container.decode([AnyCodableValue].self) {
            self = .array(array)
        } else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "The value is not a JSON string, number, boolean, array, object or null")
        }
    }

    /// Encodes the value as the JSON it stands for. Object keys are written verbatim (no key
    /// strategy applies), and a non-finite ``double(_:)`` fails the way the encoder's
    /// non-conforming-float strategy says (by default, an `EncodingError`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let string): try container.encode(string)
        case .int(let int): try container.encode(int)
        case .double(let double): try container.encode(double)
        case .bool(let bool): try container.encode(bool)
        case .array(let array): try container.encode(array)
        case .object(let object): try container.encode(object)
        case .null: try container.encodeNil()
        }
    }
}

extension AnyCodableValue: Hashable {}

extension AnyCodableValue {
    /// The string, when this is ``string(_:)``; no conversion from other kinds.
    public var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    /// The integer, when this is ``int(_:)`` or a ``double(_:)`` with an integral value that fits
    /// in `Int` (`.double(2.0)` gives `2`, `.double(2.5)` gives `nil`).
    public var intValue: Int? {
        switch self {
        case .int(let int): return int
        case .double(let double): return Int(exactly: double)
        default: return nil
        }
    }

    /// The number as a `Double`, from ``double(_:)`` or ``int(_:)`` (large integers round to the
    /// nearest `Double`).
    public var doubleValue: Double? {
        switch self {
        case .double(let double): return double
        case .int(let int): return Double(int)
        default: return nil
        }
    }

    /// The boolean, when this is ``bool(_:)``; numbers are never read as booleans.
    public var boolValue: Bool? {
        if case .bool(let bool) = self { return bool }
        return nil
    }

    /// The elements, when this is ``array(_:)``.
    public var arrayValue: [AnyCodableValue]? {
        if case .array(let array) = self { return array }
        return nil
    }

    /// The members, when this is ``object(_:)``.
    public var objectValue: [String: AnyCodableValue]? {
        if case .object(let object) = self { return object }
        return nil
    }

    /// Whether this is JSON `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The member named `key`, when this is an object that has it; `nil` for any other kind.
    ///
    /// A member whose value is JSON `null` gives `.null`, not `nil`.
    public subscript(key: String) -> AnyCodableValue? {
        objectValue?[key]
    }

    /// The element at `index`, when this is an array and the index is in range; `nil` otherwise
    /// (never a trap).
    public subscript(index: Int) -> AnyCodableValue? {
        guard case .array(let array) = self, array.indices.contains(index) else { return nil }
        return array[index]
    }
}

extension AnyCodableValue {
    /// The value, or `nil` for JSON `null`. Spelled with `.none` on purpose: a bare `nil` next to
    /// an `AnyCodableValue` can type-check as ``AnyCodableValue/null`` (the nil-literal
    /// conformance) instead of `Optional.none`.
    var nonNull: AnyCodableValue? {
        guard !isNull else { return .none }
        return self
    }

    /// The JSON kind, for messages: `string`, `number`, `boolean`, `array`, `object`, `null`.
    package var kindName: String {
        switch self {
        case .string: "string"
        case .int, .double: "number"
        case .bool: "boolean"
        case .array: "array"
        case .object: "object"
        case .null: "null"
        }
    }
}
