import ErrorCore
import Foundation

/// Decodes a `Decodable` value straight from a document ``ExactJSONParser`` already read, so a request body
/// is parsed once: no rendering it back to text for Foundation's `JSONDecoder` to parse again.
///
/// It answers as `JSONDecoder` does, so the admin API's strictness is unchanged: the same values decode (a
/// key in snake_case or already camelCase, an integer written `5.0` or `1e2`, unknown keys ignored,
/// `[String: T]` keys never converted), and the same failures throw the same `DecodingError` cases with the
/// same coding paths (a missing key, a wrong type, `null` where a value is needed, a number the type cannot
/// hold, which Foundation reports as a document that is not valid JSON). The one rule that differs is the
/// package's own: the parser already kept the last of a repeated key (`JSON.parse`'s rule), where
/// `JSONDecoder` keeps the first. `EmulatorJSONDecodingTests` holds the two decoders to the same answers.
package struct ExactJSONDecoder: Sendable {
    /// How object keys map to the decoded type's coding keys.
    package enum KeyDecoding: Sendable {
        /// Keys as written.
        case useDefaultKeys
        /// `JSONDecoder.KeyDecodingStrategy.convertFromSnakeCase`: `path_prefix` → `pathPrefix`.
        case convertFromSnakeCase
    }

    /// The key mapping.
    package var keyDecoding: KeyDecoding

    /// Creates a decoder.
    package init(keyDecoding: KeyDecoding = .useDefaultKeys) {
        self.keyDecoding = keyDecoding
    }

    /// Decodes `type` from `value`.
    package func decode<T: Decodable>(_ type: T.Type, from value: ExactJSON) throws -> T {
        try ExactJSONValueDecoder(value: value, codingPath: [], keyDecoding: keyDecoding).unwrap(type)
    }

    /// What Foundation throws for a number no requested type can hold: the whole document "is not valid JSON".
    static var unrepresentableNumber: DecodingError {
        DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "The given data was not valid JSON."))
    }

    /// `JSONDecoder`'s snake_case conversion: leading and trailing underscores kept, the words between them
    /// joined with the first lowercased and the rest capitalized; a key without inner underscores unchanged.
    static func convertFromSnakeCase(_ key: String) -> String {
        guard let first = key.firstIndex(where: { $0 != "_" }) else { return key }
        guard let last = key.lastIndex(where: { $0 != "_" }) else { return key }
        let words = key[first...last].split(separator: "_")
        guard words.count > 1 else { return key }
        let joined = ([words[0].lowercased()] + words.dropFirst().map(\.capitalized)).joined()
        return String(key[..<first]) + joined + String(key[key.index(after: last)...])
    }
}

/// A `String`-keyed dictionary, whose keys `JSONDecoder` never converts.
private protocol StringKeyedDictionary {
    static var elementType: any Decodable.Type { get }
    init(decodedElements: [String: Any])
}

extension Dictionary: StringKeyedDictionary where Key == String, Value: Decodable {
    fileprivate static var elementType: any Decodable.Type { Value.self }
    fileprivate init(decodedElements: [String: Any]) {
        self = decodedElements.compactMapValues { $0 as? Value }
    }
}

/// The decoder for one value of the tree.
struct ExactJSONValueDecoder: Decoder {
    let value: ExactJSON
    let codingPath: [any CodingKey]
    let keyDecoding: ExactJSONDecoder.KeyDecoding
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        switch value {
        case .object(let object):
            return KeyedDecodingContainer(ExactJSONKeyedContainer<Key>(object: object, decoder: self))
        case .null:
            throw DecodingError.valueNotFound(
                [String: Any].self,
                .init(codingPath: codingPath, debugDescription: "Cannot get keyed decoding container -- found null"))
        default:
            throw mismatch([String: Any].self)
        }
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        switch value {
        case .array(let elements):
            return ExactJSONUnkeyedContainer(elements: elements, decoder: self)
        case .null:
            throw DecodingError.valueNotFound(
                [Any].self,
                .init(codingPath: codingPath, debugDescription: "Cannot get unkeyed decoding container -- found null"))
        default:
            throw mismatch([Any].self)
        }
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    /// A decoder for `child`, one key or index further down.
    func descending(to child: ExactJSON, key: any CodingKey) -> ExactJSONValueDecoder {
        ExactJSONValueDecoder(value: child, codingPath: codingPath + [key], keyDecoding: keyDecoding)
    }

    /// Decodes `type` here, with `JSONDecoder`'s special cases (`Data` as base64, `URL` and `Decimal`, and
    /// `[String: T]` without key conversion); everything else decodes itself.
    func unwrap<T: Decodable>(_ type: T.Type) throws -> T {
        if T.self == Data.self {
            try notNull(Data.self)
            guard let data = Data(base64Encoded: try decode(String.self)) else {
                throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "Not base64"))
            }
            return data as! T
        }
        if T.self == URL.self {
            try notNull(URL.self)
            guard let url = URL(string: try decode(String.self)) else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: codingPath, debugDescription: "Invalid URL string."))
            }
            return url as! T
        }
        if T.self == Decimal.self {
            try notNull(Decimal.self)
            guard case .number(let text) = value else { throw mismatch(Decimal.self) }
            guard let decimal = Decimal(string: text) else { throw ExactJSONDecoder.unrepresentableNumber }
            return decimal as! T
        }
        if let dictionary = T.self as? any StringKeyedDictionary.Type {
            try notNull([String: Any].self)
            guard case .object(let object) = value else { throw mismatch([String: Any].self) }
            var elements: [String: Any] = [:]
            for (key, member) in object.entries where elements[key] == nil {
                elements[key] = try descending(to: member, key: ExactJSONKey(key)).unwrap(dictionary.elementType)
            }
            return dictionary.init(decodedElements: elements) as! T
        }
        return try T(from: self)
    }

    /// Throws `valueNotFound` when the value is `null`.
    func notNull(_ type: Any.Type) throws {
        guard value == .null else { return }
        throw DecodingError.valueNotFound(
            type, .init(codingPath: codingPath, debugDescription: "Cannot get value of type \(type) -- found null"))
    }

    /// `typeMismatch` for `type`, naming what was found.
    func mismatch(_ type: Any.Type) -> DecodingError {
        DecodingError.typeMismatch(
            type, .init(codingPath: codingPath, debugDescription: "Expected \(type) but found \(value.kindName)"))
    }
}

extension ExactJSONValueDecoder: SingleValueDecodingContainer {
    func decodeNil() -> Bool { value == .null }

    /// `null` is a type mismatch here, not a missing value: `JSONDecoder` says so too.
    func decode(_ type: Bool.Type) throws -> Bool {
        guard case .bool(let bool) = value else { throw mismatch(type) }
        return bool
    }

    func decode(_ type: String.Type) throws -> String {
        try notNull(type)
        guard case .string(let string) = value else { throw mismatch(type) }
        return string
    }

    func decode(_ type: Double.Type) throws -> Double { try floatingPoint(type) }
    func decode(_ type: Float.Type) throws -> Float { try floatingPoint(type) }
    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try unwrap(type) }

    /// The number's text as `T`: directly when it is an integer literal, else through `Double` (exact below
    /// 2^53) or `Decimal` (above), as `JSONDecoder` does, so `5.0` and `1e2` are integers and `5.5` is not.
    private func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        try notNull(type)
        guard case .number(let text) = value else { throw mismatch(type) }
        if let integer = T(text) { return integer }
        if let double = Double(text) {
            guard let integer = T(exactly: double) else { throw ExactJSONDecoder.unrepresentableNumber }
            if double.magnitude < 0x1p53 { return integer }
        }
        guard let decimal = Decimal(string: text), let integer = T("\(decimal)") else {
            throw ExactJSONDecoder.unrepresentableNumber
        }
        return integer
    }

    /// The number's text as `T`; one that overflows, or underflows to zero, is refused.
    private func floatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible>(_ type: T.Type) throws -> T {
        try notNull(type)
        guard case .number(let text) = value else { throw mismatch(type) }
        guard let number = T(text), number.isFinite else { throw ExactJSONDecoder.unrepresentableNumber }
        let mantissa = text.prefix { $0 != "e" && $0 != "E" }
        guard number != 0 || !mantissa.contains(where: { ("1"..."9").contains($0) }) else {
            throw ExactJSONDecoder.unrepresentableNumber
        }
        return number
    }
}
