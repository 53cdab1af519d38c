import ErrorCore
import Foundation

/// The emulator's own JSON coders (admin API, envelopes): snake_case keys, sorted output so bodies are
/// byte-stable for tests and diffs.
package enum EmulatorJSON {
    /// Encodes with `.convertToSnakeCase` and sorted keys.
    package static func encode(_ value: some Encodable) throws -> Data {
        try encoder.encode(value)
    }

    /// Decodes a body (or a stored document) in one pass: parsed once by ErrorCore's exact parser, a key
    /// repeated in one object keeping its last value (JavaScript's `JSON.parse` rule, the emulator's
    /// everywhere), then decoded from that tree with keys converted from snake_case (unless `keys` says
    /// otherwise) and `JSONDecoder`'s rules for everything else (see ``ExactJSONDecoder``).
    ///
    /// Throws `DecodingError`: `dataCorrupted` with an empty coding path when `data` is not JSON, as
    /// `JSONDecoder` does, else whatever the type's decoding throws (a missing key, a wrong type, …).
    package static func decode<T: Decodable>(
        _ type: T.Type, from data: Data, keys: ExactJSONDecoder.KeyDecoding = .convertFromSnakeCase
    ) throws -> T {
        let document: ExactJSON
        do {
            document = try ExactJSONParser.parse(Array(data), duplicateKeys: .lastWins)
        } catch {
            throw DecodingError.dataCorrupted(
                .init(codingPath: [], debugDescription: "The given data was not valid JSON.", underlyingError: error))
        }
        return try ExactJSONDecoder(keyDecoding: keys).decode(type, from: document)
    }

    /// The current time as an ISO 8601 string with milliseconds, UTC.
    package static func timestamp(_ date: Date = Date()) -> String {
        ISO8601Timestamp.string(from: date)
    }

    // Built once: the encoder is safe to share across threads once configured, and building one per
    // request was a visible share of every request's time.
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
}
