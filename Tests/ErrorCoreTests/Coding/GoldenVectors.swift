import ErrorCore
import Foundation
import TestSupport
import Testing

/// Reads the shared golden vectors in `Specs/vectors/` through ``PackageRoot``, so no bundle resources
/// are needed and the emulator's tests can read the very same files.
enum GoldenVectors {
    static func url(_ name: String) -> URL {
        PackageRoot.appending("Specs/vectors/\(name)")
    }

    static func load<Vector: Decodable>(_ name: String, as type: [Vector].Type = [Vector].self) throws -> [Vector] {
        try JSONDecoder().decode([Vector].self, from: Data(contentsOf: url(name)))
    }

    /// A readable account of where `actual` departs from `expected`.
    static func diff(expected: String, actual: String) -> String {
        let prefix = zip(expected, actual).prefix { $0 == $1 }.count
        return """
            expected: \(expected)
              actual: \(actual)
            first difference at character \(prefix): \
            expected \(expected.dropFirst(prefix).prefix(12).debugDescription), \
            got \(actual.dropFirst(prefix).prefix(12).debugDescription)
            """
    }
}

/// Encodes a JSON object the way a Swift struct with those properties would: top-level members go
/// through a keyed container, so the encoder's key strategy converts them (a dictionary's keys
/// would be left alone).
struct PropertyBag: Encodable {
    let members: [String: AnyCodableValue]

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        for (name, value) in members {
            try container.encode(value, forKey: Key(stringValue: name))
        }
    }
}
