import Foundation

/// The emulator's own JSON coders (admin API, envelopes): snake_case keys, sorted output so bodies are
/// byte-stable for tests and diffs.
enum EmulatorJSON {
    /// Encodes with `.convertToSnakeCase` and sorted keys.
    static func encode(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value)
    }

    /// Decodes with `.convertFromSnakeCase`.
    static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(type, from: data)
    }

    /// The current time as an ISO 8601 string with milliseconds, UTC.
    static func timestamp(_ date: Date = Date()) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}
