import Foundation

/// The JSON coders every SDK in this package uses for request and response bodies.
///
/// Two wires, two pairs, each handed out as a fresh instance (a caller may configure its copy
/// without affecting anyone else):
///
/// - ``snakeCaseEncoder()``/``snakeCaseDecoder()`` for snake_case wires (Palbase, Purse):
///   camelCase Swift properties ↔ snake_case JSON keys, dates as ISO 8601 strings.
/// - ``camelCaseEncoder()``/``camelCaseDecoder()`` for camelCase wires (Chatbase): keys as they
///   are, dates as Unix seconds (numbers).
///
/// Both encoders sort keys (deterministic bytes, so an idempotent retry resends the identical body)
/// and do not escape `/`, like JavaScript's `JSON.stringify`. Both are plain Foundation coders with
/// Foundation's key strategies, so decoding costs what Foundation's `.convertFromSnakeCase` costs.
///
/// ## The acronym rule
///
/// Spell acronyms as words in types that cross a snake_case wire: `requestId`, `userId`,
/// `apiKey`, `htmlUrl`. Foundation encodes both `requestID` and `requestId` as `request_id`, but
/// decodes `request_id` only into `requestId` (it converts the wire key to `requestId` and then
/// compares it exactly), so a `requestID` property silently stays `nil` or fails with
/// `keyNotFound`. Do not add snake_case `CodingKeys` either: the strategy would convert them again.
///
/// Keys inside an ``AnyCodableValue`` object and of any `[String: T]` dictionary are never
/// converted: Foundation leaves string-keyed dictionaries as they are.
public enum SDKCoders {
    /// Encoder for snake_case wires: `createdAt` → `created_at`, dates as
    /// `2025-03-01T12:30:05.120Z` (UTC, milliseconds, as JavaScript's `toISOString()`), sorted keys.
    public static func snakeCaseEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(ISO8601Timestamp.string(from: date))
        }
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// Decoder for snake_case wires: `created_at` → `createdAt`.
    ///
    /// A `Date` is read from an ISO 8601 string with or without fractional seconds (any number of
    /// digits) and with `Z` or a numeric offset (`+02:00`, `+0200`), or from a JSON number of
    /// Unix seconds (the Palbase session's `expires_at`). Anything else throws
    /// `DecodingError.dataCorrupted` whose context names the coding path of the bad field.
    public static func snakeCaseDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .custom(decodeFlexibleDate)
        return decoder
    }

    /// Encoder for camelCase wires: keys unchanged, dates as Unix seconds (a JSON number,
    /// fractional when the date has a sub-second part), sorted keys.
    public static func camelCaseEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// Decoder for camelCase wires: keys unchanged, dates from Unix seconds (a JSON number).
    public static func camelCaseDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return decoder
    }

    @Sendable private static func decodeFlexibleDate(_ decoder: any Decoder) throws -> Date {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            if let date = ISO8601Timestamp.date(from: text) { return date }
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "Expected an ISO 8601 date, found \"\(text.prefix(64))\"")
        }
        if let seconds = try? container.decode(Double.self), seconds.isFinite {
            return Date(timeIntervalSince1970: seconds)
        }
        throw DecodingError.dataCorruptedError(
            in: container, debugDescription: "Expected an ISO 8601 date string or Unix seconds")
    }
}
