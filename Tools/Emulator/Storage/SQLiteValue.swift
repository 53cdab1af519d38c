import Foundation

/// One SQLite value, as bound to a statement or read from a result column.
///
/// SQLite's storage classes map one to one; `Bool` is stored as `integer(0 | 1)`.
package enum SQLiteValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)
}

extension SQLiteValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByNilLiteral {
    /// A `text` value.
    package init(stringLiteral value: String) { self = .text(value) }
    /// An `integer` value.
    package init(integerLiteral value: Int64) { self = .integer(value) }
    /// The `null` value.
    package init(nilLiteral: ()) { self = .null }
}

extension SQLiteValue {
    /// `text` for a string, `null` for nil.
    package init(_ string: String?) { self = string.map(SQLiteValue.text) ?? .null }
    /// `integer` for a number, `null` for nil.
    package init(_ int: Int?) { self = int.map { .integer(Int64($0)) } ?? .null }
    /// `integer(1)` or `integer(0)`.
    package init(_ bool: Bool) { self = .integer(bool ? 1 : 0) }
    /// `blob` for data, `null` for nil.
    package init(_ data: Data?) { self = data.map(SQLiteValue.blob) ?? .null }
}

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

/// A numbered schema change. Versions are unique across every migration list given to one database
/// (the platform uses 1–99, the Palbase sample backend 100–199, later services their own ranges).
package struct Migration: Sendable, Equatable {
    /// Unique version; migrations run in ascending order, each once.
    package let version: Int
    /// One or more SQL statements, run in a single transaction.
    package let sql: String

    /// Creates a migration.
    package init(version: Int, sql: String) {
        self.version = version
        self.sql = sql
    }
}

/// A failure reported by SQLite (or a misuse of this wrapper), with SQLite's result code.
package struct SQLiteError: Error, Sendable, CustomStringConvertible {
    /// The primary result code (`SQLITE_CONSTRAINT`, `SQLITE_BUSY`, …).
    package let code: Int32
    /// The extended result code when SQLite reported one (e.g. `SQLITE_CONSTRAINT_UNIQUE`), else `code`.
    package let extendedCode: Int32
    /// SQLite's message.
    package let message: String

    /// Creates an error.
    package init(code: Int32, extendedCode: Int32? = nil, message: String) {
        self.code = code
        self.extendedCode = extendedCode ?? code
        self.message = message
    }

    /// A UNIQUE, PRIMARY KEY, FOREIGN KEY, CHECK or NOT NULL constraint failed.
    package var isConstraintViolation: Bool { code == 19 }  // SQLITE_CONSTRAINT

    /// A human-readable summary with the code.
    package var description: String { "SQLite error \(extendedCode): \(message)" }
}
