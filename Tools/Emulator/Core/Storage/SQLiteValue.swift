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
