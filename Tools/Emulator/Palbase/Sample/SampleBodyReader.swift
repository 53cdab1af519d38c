import EmulatorCore
import ErrorCore
import Foundation

/// Reads a JSON object body the way a schema-validating backend boundary does: every wrong type, missing
/// required key, unknown enum value or malformed timestamp is collected, and `finish()` throws one
/// 400 `bad_request` listing them all under the envelope's top-level `fields`.
///
/// Unknown keys are ignored (forward compatibility, like zod's default strip). An empty body reads as `{}`,
/// so an operation whose keys are all optional accepts no body at all.
///
/// The body is read once, exactly (``SampleJSON/parseExact(_:)``: a repeated key keeps its last value);
/// typed accessors see its numeric view, while ``object(_:)`` hands out a member as it was sent, numbers
/// as written, for data the contract returns verbatim.
package struct SampleBodyReader {
    private let exactMembers: ExactJSONObject
    private let members: [String: AnyCodableValue]
    /// The problems found so far.
    package private(set) var issues: [SampleFieldIssue] = []

    /// Parses `body`, which must be at most `maxBytes` long (else 413 `payload_too_large`) and a JSON
    /// object (else 400 `bad_request`).
    package init(body: Data, maxBytes: Int) throws {
        guard body.count <= maxBytes else { throw SampleErrors.payloadTooLarge(limit: maxBytes) }
        exactMembers = try Self.parseObject(body)
        members = AnyCodableValue(.object(exactMembers)).objectValue ?? [:]
    }

    /// Parses a body into an object, or throws 400 `bad_request` naming the body itself (`field: ""`).
    package static func parseObject(_ body: Data) throws -> ExactJSONObject {
        if body.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) { return [:] }
        let value = try parseExactValue(body)
        guard case .object(let members) = value else {
            throw SampleErrors.badRequest([
                SampleFieldIssue(field: "", message: "Expected object, received \(value.kindName)")
            ])
        }
        return members
    }

    /// Parses any JSON body, or throws 400 `bad_request` naming the body itself (`field: ""`) when it is not
    /// JSON or nests deeper than `SampleJSON.maxDepth`.
    package static func parseValue(_ body: Data) throws -> AnyCodableValue {
        AnyCodableValue(try parseExactValue(body))
    }

    /// ``parseValue(_:)``, exactly as sent.
    package static func parseExactValue(_ body: Data) throws -> ExactJSON {
        guard SampleJSON.nestingDepth(of: body) <= SampleJSON.maxDepth else {
            throw SampleErrors.badRequest([
                SampleFieldIssue(field: "", message: "Nested deeper than \(SampleJSON.maxDepth) levels")
            ])
        }
        guard let value = SampleJSON.parseExact(body) else {
            throw SampleErrors.badRequest([SampleFieldIssue(field: "", message: "Body is not valid JSON")])
        }
        return value
    }

    /// Throws 400 `bad_request` when any accessor found a problem.
    package func finish() throws {
        if !issues.isEmpty { throw SampleErrors.badRequest(issues) }
    }

    /// Records a problem; for callers with checks of their own (e.g. a cross-field rule).
    package mutating func report(_ field: String, _ message: String) {
        issues.append(SampleFieldIssue(field: field, message: message))
    }

    // MARK: - Accessors (nil when absent or wrong; wrong also records an issue)

    /// A string; `required` makes absence an issue. JSON null is a wrong type, not absence.
    package mutating func string(_ key: String, required: Bool = false) -> String? {
        guard let value = present(key, required: required) else { return nil }
        if case .string(let string) = value { return string }
        return mismatch(key, expected: "string", value)
    }

    /// A boolean.
    package mutating func bool(_ key: String, required: Bool = false) -> Bool? {
        guard let value = present(key, required: required) else { return nil }
        if case .bool(let bool) = value { return bool }
        return mismatch(key, expected: "boolean", value)
    }

    /// An integer within `range` (a whole-valued double such as `5.0` counts as an integer).
    package mutating func integer(_ key: String, in range: ClosedRange<Int>, required: Bool = false) -> Int? {
        guard let value = present(key, required: required) else { return nil }
        let integer: Int
        switch value {
        case .int(let int): integer = int
        case .double(let double) where double.rounded() == double && abs(double) < 1e15: integer = Int(double)
        default: return mismatch(key, expected: "integer", value)
        }
        guard range.contains(integer) else {
            report(key, "Must be between \(range.lowerBound) and \(range.upperBound)")
            return nil
        }
        return integer
    }

    /// A number within `range`.
    package mutating func number(_ key: String, in range: ClosedRange<Double>, required: Bool = false) -> Double? {
        guard let value = present(key, required: required) else { return nil }
        let number: Double
        switch value {
        case .int(let int): number = Double(int)
        case .double(let double): number = double
        default: return mismatch(key, expected: "number", value)
        }
        guard range.contains(number) else {
            report(key, "Must be between \(Self.plain(range.lowerBound)) and \(Self.plain(range.upperBound))")
            return nil
        }
        return number
    }

    /// An array of strings; each wrong element is its own issue (`tags.2`).
    package mutating func stringArray(_ key: String) -> [String]? {
        guard let value = present(key, required: false) else { return nil }
        guard case .array(let elements) = value else { return mismatch(key, expected: "array", value) }
        var strings: [String] = []
        var valid = true
        for (index, element) in elements.enumerated() {
            if case .string(let string) = element {
                strings.append(string)
            } else {
                valid = false
                let _: String? = mismatch("\(key).\(index)", expected: "string", element)
            }
        }
        return valid ? strings : nil
    }

    /// A JSON object, kept verbatim: every key as sent, every number as written.
    package mutating func object(_ key: String) -> ExactJSONObject? {
        guard let value = present(key, required: false) else { return nil }
        if let object = exactMembers[key]?.objectValue { return object }
        return mismatch(key, expected: "object", value)
    }

    /// A string from a fixed set, e.g. `visibility`.
    package mutating func enumeration<Value: RawRepresentable & CaseIterable>(
        _ key: String, as type: Value.Type
    ) -> Value? where Value.RawValue == String {
        guard let raw = string(key) else { return nil }
        if let value = Value(rawValue: raw) { return value }
        let allowed = Value.allCases.map { "'\($0.rawValue)'" }.joined(separator: " | ")
        report(key, "Invalid enum value. Expected \(allowed)")
        return nil
    }

    /// An ISO 8601 timestamp, as milliseconds since the epoch.
    package mutating func timestamp(_ key: String) -> Int64? {
        guard let text = string(key) else { return nil }
        if let milliseconds = SampleTimestamp.parse(text) { return milliseconds }
        report(key, "Invalid ISO 8601 date-time")
        return nil
    }

    /// The three-way reading of a nullable key: absent keeps, null clears, a string sets.
    package mutating func nullableString(_ key: String) -> SamplePatch<String> {
        guard members[key] != nil else { return .keep }
        if members[key] == .null { return .clear }
        return string(key).map(SamplePatch.set) ?? .keep
    }

    /// The three-way reading of a nullable timestamp key.
    package mutating func nullableTimestamp(_ key: String) -> SamplePatch<Int64> {
        guard members[key] != nil else { return .keep }
        if members[key] == .null { return .clear }
        return timestamp(key).map(SamplePatch.set) ?? .keep
    }

    /// True when the key is present with JSON null.
    package func isNull(_ key: String) -> Bool { members[key] == .null }

    // MARK: - Helpers

    private mutating func present(_ key: String, required: Bool) -> AnyCodableValue? {
        guard let value = members[key] else {
            if required { report(key, "Required") }
            return nil
        }
        return value
    }

    private mutating func mismatch<T>(_ key: String, expected: String, _ value: AnyCodableValue) -> T? {
        report(key, "Expected \(expected), received \(value.kindName)")
        return nil
    }

    private static func plain(_ number: Double) -> String {
        number.rounded() == number ? String(Int(number)) : String(number)
    }
}
