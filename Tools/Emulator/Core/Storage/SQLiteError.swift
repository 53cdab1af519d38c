import Foundation

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
