import ErrorCore
import Foundation

/// The emulator's own JSON coders (admin API, envelopes): snake_case keys, sorted output so bodies are
/// byte-stable for tests and diffs.
package enum EmulatorJSON {
    /// Encodes with `.convertToSnakeCase` and sorted keys.
    package static func encode(_ value: some Encodable) throws -> Data {
        try encoder.encode(value)
    }

    /// Decodes with `.convertFromSnakeCase`; a key repeated in one object keeps its last value.
    package static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try decoder.decode(type, from: lastWins(data))
    }

    /// `data` with every repeated key reduced to its last value, in the place where it first appeared
    /// (JavaScript's `JSON.parse` rule, the emulator's everywhere), for Foundation's decoder, which
    /// would keep the first. Text that is not JSON comes back unchanged for the decoder to refuse.
    package static func lastWins(_ data: Data) -> Data {
        guard let exact = try? ExactJSONParser.parse(Array(data), duplicateKeys: .lastWins) else { return data }
        return Data(exact.jsonText.utf8)
    }

    /// The current time as an ISO 8601 string with milliseconds, UTC.
    package static func timestamp(_ date: Date = Date()) -> String {
        ISO8601Timestamp.string(from: date)
    }

    // Built once: the coders are safe to share across threads once configured, and building one per
    // request was a visible share of every request's time.
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    private static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return decoder
    }()
}
