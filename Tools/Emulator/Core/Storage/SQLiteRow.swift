import Foundation

/// One result row: column values by name (the name as SQLite reports it, e.g. the `AS` alias).
package struct SQLiteRow: Sendable {
    /// Column names in result order.
    package let columns: [String]
    /// Values in the same order as `columns`.
    package let values: [SQLiteValue]

    /// Creates a row from parallel column and value lists.
    package init(columns: [String], values: [SQLiteValue]) {
        self.columns = columns
        self.values = values
    }

    /// The value of `column`, or `.null` when the row has no such column.
    package subscript(_ column: String) -> SQLiteValue {
        guard let index = columns.firstIndex(of: column) else { return .null }
        return values[index]
    }

    /// The column as text; integers and reals are rendered, blobs decoded as UTF-8, `null` is nil.
    package func string(_ column: String) -> String? {
        switch self[column] {
        case .null: nil
        case .text(let text): text
        case .integer(let int): String(int)
        case .real(let double): String(double)
        case .blob(let data): String(decoding: data, as: UTF8.self)
        }
    }

    /// The column as an integer; reals are truncated, numeric text parsed, anything else is nil.
    package func int(_ column: String) -> Int? {
        switch self[column] {
        case .integer(let int): Int(exactly: int)
        case .real(let double): double.isFinite ? Int(double) : nil
        case .text(let text): Int(text)
        case .null, .blob: nil
        }
    }

    /// The column as a 64-bit integer (same rules as `int(_:)`).
    package func int64(_ column: String) -> Int64? {
        switch self[column] {
        case .integer(let int): int
        case .real(let double): double.isFinite ? Int64(double) : nil
        case .text(let text): Int64(text)
        case .null, .blob: nil
        }
    }

    /// The column as a double; integers are widened, numeric text parsed, anything else is nil.
    package func double(_ column: String) -> Double? {
        switch self[column] {
        case .real(let double): double
        case .integer(let int): Double(int)
        case .text(let text): Double(text)
        case .null, .blob: nil
        }
    }

    /// The column as a boolean: any non-zero integer is true; `null` is nil.
    package func bool(_ column: String) -> Bool? {
        int64(column).map { $0 != 0 }
    }

    /// The column as bytes; text is its UTF-8, `null` and numbers are nil.
    package func data(_ column: String) -> Data? {
        switch self[column] {
        case .blob(let data): data
        case .text(let text): Data(text.utf8)
        case .null, .integer, .real: nil
        }
    }
}
