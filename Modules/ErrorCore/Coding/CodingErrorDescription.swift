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
    /// The line for `error`; with `type`, prefixed by that type's name (`Todo: missing key …`).
    package static func describe(_ error: any Error, type: Any.Type? = nil) -> String {
        let detail = detail(of: error)
        guard let type else { return detail }
        return "\(String(describing: type)): \(detail)"
    }

    /// A coding path as a reader would write it: `items[0].title`, or `the top level` when empty.
    package static func path(_ codingPath: [any CodingKey]) -> String {
        let path = codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
        return path.isEmpty ? "the top level" : String(path.drop { $0 == "." })
    }

    private static func detail(of error: any Error) -> String {
        switch error {
        case let error as DecodingError:
            switch error {
            case .keyNotFound(let key, let context):
                return "missing key \"\(key.stringValue)\" at \(path(context.codingPath))"
            case .typeMismatch(let expected, let context):
                return "expected \(expected) at \(path(context.codingPath))"
            case .valueNotFound(let expected, let context):
                return "expected \(expected), found null at \(path(context.codingPath))"
            case .dataCorrupted(let context):
                return "\(context.debugDescription) at \(path(context.codingPath))"
            @unknown default:
                return "undecodable"
            }
        case let error as EncodingError:
            switch error {
            case .invalidValue(_, let context):
                return "\(context.debugDescription) at \(path(context.codingPath))"
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
