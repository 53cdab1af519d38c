import ErrorCore

/// Reads a spec: ErrorCore's `ExactJSONParser`, which keeps key order, number text and exact keys,
/// refusing a key repeated in one object (in a hand-edited spec that is a mistake, not an update),
/// with its syntax errors as ``CodegenError/invalidJSON(line:column:reason:)``.
enum JSONParser {
    /// Deeper documents are rejected; real OpenAPI documents stay far below this.
    static let maximumDepth = ExactJSONParser.maximumDepth

    /// Parses one JSON value that spans the whole input (surrounding whitespace allowed, a UTF-8
    /// byte order mark tolerated).
    static func parse(_ bytes: [UInt8]) throws(CodegenError) -> ExactJSON {
        do {
            return try ExactJSONParser.parse(bytes, duplicateKeys: .reject)
        } catch {
            throw .invalidJSON(line: error.line, column: error.column, reason: error.reason)
        }
    }
}
