/// A `DecodingError` or `EncodingError` as one line for an error message: what was wrong and where,
/// never the offending value (beyond what the coder's own description quotes, such as the first
/// characters of a date string that does not parse).
///
/// - `missing key "title" at the top level`
/// - `expected Bool at items[0].completed`
/// - `expected String, found null at title`
/// - `Expected an ISO 8601 date, found "yesterday" at created_at` (a coder's own description)
///
/// Any other error is named by its type, or by its ``SDKError/logSummary``: its description may hold
/// request data. The error itself stays the `underlying` error of whatever the SDK throws.
package enum CodingErrorDescription {
    /// How the keys in a line are spelt.
    package enum KeySpelling: Sendable {
        /// As the Swift properties are named (`createdAt`).
        case swift
        /// As a snake_case wire sends them (`created_at`), for a type decoded with
        /// `SDKCoders.snakeCaseDecoder()`: the line names what is in the answer.
        case snakeCaseWire
    }

    /// The line for `error`; with `type`, prefixed by that type's name (`Todo: missing key …`).
    package static func describe(_ error: any Error, type: Any.Type? = nil, keys: KeySpelling = .swift) -> String {
        let detail = detail(of: error, keys: keys)
        guard let type else { return detail }
        return "\(String(describing: type)): \(detail)"
    }

    /// A coding path as a reader would write it: `items[0].title`, or `the top level` when empty.
    package static func path(_ codingPath: [any CodingKey], keys: KeySpelling = .swift) -> String {
        let path = codingPath.map { key in
            key.intValue.map { "[\($0)]" } ?? ".\(spelt(key.stringValue, keys))"
        }.joined()
        return path.isEmpty ? "the top level" : String(path.drop { $0 == "." })
    }

    /// `name` as `keys` spells it: a property name back in the wire's snake_case, as Foundation's
    /// `.convertToSnakeCase` writes it (`remainingAmount` → `remaining_amount`, `last4` stays).
    private static func spelt(_ name: String, _ keys: KeySpelling) -> String {
        guard keys == .snakeCaseWire else { return name }
        var output = ""
        for (index, character) in name.enumerated() {
            if character.isUppercase {
                if index > 0 { output.append("_") }
                output += character.lowercased()
            } else {
                output.append(character)
            }
        }
        return output
    }

    private static func detail(of error: any Error, keys: KeySpelling) -> String {
        switch error {
        case let error as DecodingError:
            switch error {
            case .keyNotFound(let key, let context):
                return "missing key \"\(spelt(key.stringValue, keys))\" at \(path(context.codingPath, keys: keys))"
            case .typeMismatch(let expected, let context):
                return "expected \(expected) at \(path(context.codingPath, keys: keys))"
            case .valueNotFound(let expected, let context):
                return "expected \(expected), found null at \(path(context.codingPath, keys: keys))"
            case .dataCorrupted(let context):
                return "\(context.debugDescription) at \(path(context.codingPath, keys: keys))"
            @unknown default:
                return "undecodable"
            }
        case let error as EncodingError:
            switch error {
            case .invalidValue(_, let context):
                return "\(context.debugDescription) at \(path(context.codingPath, keys: keys))"
            @unknown default:
                return "unencodable"
            }
        case let error as any SDKError:
            return error.logSummary
        default:
            return String(describing: type(of: error))
        }
    }
}
