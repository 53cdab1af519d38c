import ErrorCore
import Foundation

/// One JSON object of a Checkout API answer, read member by member under its wire name.
///
/// Answers are parsed with ErrorCore's exact parser and read by hand rather than through a
/// `JSONDecoder`: on Linux a `JSONDecoder` with `.convertFromSnakeCase` costs tens of microseconds
/// for one `validate` answer, more than the rest of the SDK's own work on a payment (issue 15's
/// benchmark). A repeated key keeps its last value, as everywhere in the package. Failures are the
/// `DecodingError`s a decoder would throw, with their coding path, so a ``PaymentAPIError`` names
/// them the same way (`missing key "token" at the top level`, `expected Int at methods[2].position`).
///
/// Absent and `null` members read as `nil` where the wire allows them; a member of the wrong type
/// is an error, never silently `nil`.
struct WireReader {
    private let object: ExactJSONObject
    /// Where this object sits in the answer, as a chain to the top (`nil` there); turned into a coding
    /// path only when an error needs one.
    private let location: Location?

    private init(_ object: ExactJSONObject, location: Location?) {
        self.object = object
        self.location = location
    }

    /// Where this object sits in the answer.
    var codingPath: [any CodingKey] { Location.codingPath(to: location) }

    /// The answer `data`, which must be one JSON object.
    static func answer(_ data: Data) throws -> WireReader {
        let json: ExactJSON
        do {
            json = try ExactJSONParser.parse(Array(data), duplicateKeys: .lastWins)
        } catch {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: [], debugDescription: "The answer is not JSON (line \(error.line), \(error.reason))",
                    underlyingError: error))
        }
        guard let object = json.objectValue else {
            throw DecodingError.typeMismatch(
                [String: Any].self,
                .init(codingPath: [], debugDescription: "Expected an object, found \(json.kindName)"))
        }
        return WireReader(object, location: nil)
    }

    // MARK: - Members

    func string(_ key: String) throws -> String {
        try required(key, string(ifPresent: key))
    }

    func string(ifPresent key: String) throws -> String? {
        try member(key, as: String.self) { $0.stringValue }
    }

    func int(_ key: String) throws -> Int {
        try required(key, int(ifPresent: key))
    }

    func int(ifPresent key: String) throws -> Int? {
        try member(key, as: Int.self) { $0.intValue }
    }

    func bool(_ key: String) throws -> Bool {
        try required(key, bool(ifPresent: key))
    }

    func bool(ifPresent key: String) throws -> Bool? {
        try member(key, as: Bool.self) { $0.boolValue }
    }

    /// Any JSON value, as the package's numeric view of it.
    func value(ifPresent key: String) -> AnyCodableValue? {
        guard let json = object[key], json != .null else { return nil }
        return AnyCodableValue(json)
    }

    func object(_ key: String) throws -> WireReader {
        try required(key, object(ifPresent: key))
    }

    func object(ifPresent key: String) throws -> WireReader? {
        try member(key, as: [String: Any].self) { json in
            json.objectValue.map { WireReader($0, location: Location(parent: location, key: WireKey(key))) }
        }
    }

    func objects(_ key: String) throws -> [WireReader] {
        try required(key, objects(ifPresent: key))
    }

    /// An array of objects.
    func objects(ifPresent key: String) throws -> [WireReader]? {
        guard let array = try member(key, as: [Any].self, { $0.arrayValue }) else { return nil }
        let parent = Location(parent: location, key: WireKey(key))
        return try array.enumerated().map { index, element in
            let place = Location(parent: parent, key: WireKey(index: index))
            guard let object = element.objectValue else {
                throw DecodingError.typeMismatch(
                    [String: Any].self,
                    .init(
                        codingPath: Location.codingPath(to: place),
                        debugDescription: "Expected an object, found \(element.kindName)"))
            }
            return WireReader(object, location: place)
        }
    }

    // MARK: - Internals

    /// The member `key` read by `read`: `nil` when absent or `null`, a type mismatch when `read` finds
    /// no `T` in it.
    private func member<T>(_ key: String, as type: Any.Type, _ read: (ExactJSON) -> T?) throws -> T? {
        guard let json = object[key], json != .null else { return nil }
        guard let value = read(json) else {
            throw DecodingError.typeMismatch(
                type,
                .init(codingPath: codingPath + [WireKey(key)], debugDescription: "Found \(json.kindName)"))
        }
        return value
    }

    private func required<T>(_ key: String, _ value: T?) throws -> T {
        guard let value else {
            let missing = object[key] == nil
            let context = DecodingError.Context(
                codingPath: missing ? codingPath : codingPath + [WireKey(key)],
                debugDescription: missing ? "No value for \"\(key)\"" : "Found null")
            throw missing ? DecodingError.keyNotFound(WireKey(key), context) : .valueNotFound(T.self, context)
        }
        return value
    }

    /// One step of a reader's place in the answer: the member or array index, and the step before it.
    private final class Location: Sendable {
        let parent: Location?
        let key: WireKey

        init(parent: Location?, key: WireKey) {
            self.parent = parent
            self.key = key
        }

        /// The coding path from the top of the answer to `location` (empty at the top).
        static func codingPath(to location: Location?) -> [any CodingKey] {
            var path: [any CodingKey] = []
            var node = location
            while let current = node {
                path.append(current.key)
                node = current.parent
            }
            return path.reversed()
        }
    }

    /// A wire member's name, or an array index, in a coding path.
    private struct WireKey: CodingKey {
        let stringValue: String
        let intValue: Int?

        init(_ name: String) {
            stringValue = name
            intValue = nil
        }

        init(index: Int) {
            stringValue = "Index \(index)"
            intValue = index
        }

        init?(stringValue: String) { self.init(stringValue) }
        init?(intValue: Int) { self.init(index: intValue) }
    }
}

/// A Checkout API answer read from its JSON with a ``WireReader``.
protocol CheckoutAnswer: Sendable {
    init(wire: WireReader) throws
}
