import Foundation

extension AnyCodableValue {
    /// Parses JSON text the way the whole package does when it turns JSON into an `AnyCodableValue`
    /// itself (the emulator's bodies, the redactor, the sealing key document): a key repeated in one
    /// object keeps its **last** value, as JavaScript's `JSON.parse` does, never the first.
    ///
    /// (Foundation's `JSONDecoder` keeps the first; typed responses decoded through it therefore
    /// see the first, which is why the contract forbids repeated keys.)
    package init(parsingJSON data: some Collection<UInt8>) throws(ExactJSONParser.SyntaxError) {
        self.init(try ExactJSONParser.parse(Array(data), duplicateKeys: .lastWins))
    }

    /// The numeric view of an exact document, mapped the way decoding maps JSON (see the type's
    /// documentation): an integral number that fits `Int` is ``int(_:)``, any other number
    /// ``double(_:)`` (rounded to the nearest `Double`, ±infinity beyond its range). Keys that differ
    /// only in Unicode normalization are one `String` key here; the later member wins.
    package init(_ exact: ExactJSON) {
        switch exact {
        case .null: self = .null
        case .bool(let bool): self = .bool(bool)
        case .string(let string): self = .string(string)
        case .number(let text): self = Self.number(text)
        case .array(let elements): self = .array(elements.map(AnyCodableValue.init))
        case .object(let object):
            var members: [String: AnyCodableValue] = [:]
            members.reserveCapacity(object.count)
            for (key, value) in object.entries { members[key] = AnyCodableValue(value) }
            self = .object(members)
        }
    }

    private static func number(_ text: String) -> AnyCodableValue {
        if let int = Int(text) { return .int(int) }
        let double = Double(text) ?? .nan
        if double.rounded() == double, let int = Int(exactly: double) { return .int(int) }
        return .double(double)
    }
}

extension ExactJSON {
    /// The exact form of a value built in code: numbers as ``AnyCodableValue/jsonText`` writes them
    /// (a non-finite double as `null`), object keys in UTF-16 order.
    package init(_ value: AnyCodableValue) {
        switch value {
        case .null: self = .null
        case .bool(let bool): self = .bool(bool)
        case .string(let string): self = .string(string)
        case .int(let int): self = .number(String(int))
        case .double(let double): self = double.isFinite ? .number(JavaScriptNumber.string(from: double)) : .null
        case .array(let elements): self = .array(elements.map(ExactJSON.init))
        case .object(let members):
            var object = ExactJSONObject()
            for key in members.keys.sorted(by: AnyCodableValue.utf16Precedes) {
                object[key] = ExactJSON(members[key]!)
            }
            self = .object(object)
        }
    }
}
