import EmulatorCore
import ErrorCore
import Foundation

/// A JSON value written as a Swift literal, used to build the OpenAPI document and the declared errors'
/// data schemas.
///
/// It exists beside `AnyCodableValue` only for its literal conformances (`["type": "string"]`), which
/// would clash with any the values branch gives `AnyCodableValue`. Objects keep their keys in literal order;
/// `SampleJSON.render` sorts them, so the rendered document is deterministic.
package indirect enum SampleSpecNode: Sendable, Equatable {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case array([SampleSpecNode])
    case object([(key: String, value: SampleSpecNode)])
    case null

    /// The same value as an `AnyCodableValue` (a later duplicate key wins, as in JSON parsers).
    package var anyCodableValue: AnyCodableValue {
        switch self {
        case .string(let value): .string(value)
        case .int(let value): .int(value)
        case .double(let value): .double(value)
        case .bool(let value): .bool(value)
        case .array(let values): .array(values.map(\.anyCodableValue))
        case .object(let pairs):
            .object(Dictionary(pairs.map { ($0.key, $0.value.anyCodableValue) }, uniquingKeysWith: { $1 }))
        case .null: .null
        }
    }

    /// A copy of this object with `other`'s members added (and replacing members of the same name).
    ///
    /// Non-objects are returned unchanged; the spec builder uses it to put `default` or `description`
    /// beside a `$ref`.
    package func merging(_ other: SampleSpecNode) -> SampleSpecNode {
        guard case .object(let pairs) = self, case .object(let extra) = other else { return self }
        let replaced = Set(extra.map(\.key))
        return .object(pairs.filter { !replaced.contains($0.key) } + extra)
    }

    package static func == (lhs: SampleSpecNode, rhs: SampleSpecNode) -> Bool {
        lhs.anyCodableValue == rhs.anyCodableValue
    }
}

extension SampleSpecNode: Encodable {
    /// Encodes the value as JSON; object members go through a keyed container so `.sortedKeys` applies.
    package func encode(to encoder: any Encoder) throws {
        switch self {
        case .object(let pairs):
            var container = encoder.container(keyedBy: SpecKey.self)
            for (key, value) in pairs { try container.encode(value, forKey: SpecKey(key)) }
        case .array(let values):
            var container = encoder.unkeyedContainer()
            for value in values { try container.encode(value) }
        case .string(let value): try singleValue(encoder) { try $0.encode(value) }
        case .int(let value): try singleValue(encoder) { try $0.encode(value) }
        case .double(let value): try singleValue(encoder) { try $0.encode(value) }
        case .bool(let value): try singleValue(encoder) { try $0.encode(value) }
        case .null: try singleValue(encoder) { try $0.encodeNil() }
        }
    }

    private func singleValue(
        _ encoder: any Encoder, _ body: (inout any SingleValueEncodingContainer) throws -> Void
    ) throws {
        var container = encoder.singleValueContainer()
        try body(&container)
    }
}

extension SampleSpecNode: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    package init(stringLiteral value: String) { self = .string(value) }
    package init(integerLiteral value: Int) { self = .int(value) }
    package init(floatLiteral value: Double) { self = .double(value) }
    package init(booleanLiteral value: Bool) { self = .bool(value) }
    package init(arrayLiteral elements: SampleSpecNode...) { self = .array(elements) }
    package init(dictionaryLiteral elements: (String, SampleSpecNode)...) {
        self = .object(elements.map { (key: $0.0, value: $0.1) })
    }
    package init(nilLiteral: ()) { self = .null }
}

/// A coding key for arbitrary object member names.
private struct SpecKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
