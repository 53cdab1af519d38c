import CSQLite
import Foundation
import SDKCrypto

/// A SQLite connection with serialised access, used by the emulator platform and its services.
///
/// Every call takes one lock, so a single instance may be shared across tasks; a `transaction` holds the
/// lock for its whole body (calls made inside the body re-enter it on the same thread). File databases run
/// in WAL mode with `synchronous=NORMAL`: a committed transaction is in the WAL file before the call
/// returns, so a process killed mid-write (even `kill -9`) loses at most the transaction in
/// flight and never corrupts the file.
package final class SQLiteDatabase: @unchecked Sendable {
    /// Where the database lives.
    package enum Location: Sendable {
        /// A file; its parent directory is created when missing.
        case file(URL)
        /// A private in-memory database, gone when the instance is released.
        case memory
    }

    private let lock = NSRecursiveLock()
    private var handle: OpaquePointer?
    private var transactionDepth = 0
    /// Prepared single statements by SQL text, reused across calls (reset after each): parsing SQL
    /// was a fifth of the emulator's time per request. Bounded; cleared whole when full.
    private var statementCache: [String: OpaquePointer] = [:]
    private static let statementCacheLimit = 256

    /// Opens (creating when needed) the database and applies the connection settings.
    ///
    /// Throws `SQLiteError` when the file cannot be opened or is not a database.
    package init(_ location: Location) throws {
        let path: String
        switch location {
        case .memory:
            path = ":memory:"
        case .file(let url):
            try Self.prepareOwnerOnly(url)
            path = url.path
        }
        var db: OpaquePointer?
        // NOFOLLOW: a link planted at the database's path is refused, never opened through.
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_NOFOLLOW
        let status = sqlite3_open_v2(path, &db, flags, nil)
        guard status == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open \(path)"
            sqlite3_close_v2(db)
            throw SQLiteError(code: status, message: message)
        }
        handle = db
        sqlite3_extended_result_codes(db, 1)
        do {
            if case .file = location {
                let mode = try query("PRAGMA journal_mode=WAL").first?.string("journal_mode")
                guard mode?.lowercased() == "wal" else {
                    throw SQLiteError(code: SQLITE_ERROR, message: "cannot enable WAL (journal_mode=\(mode ?? "?"))")
                }
                // NORMAL, not FULL: in WAL mode a commit is written to the WAL before returning, which
                // survives the process dying at any point; FULL adds an fsync per commit that only
                // power loss needs, and that fsync blocked the shared executor threads for
                // hundreds of milliseconds on a busy disk.
                try execute("PRAGMA synchronous=NORMAL")
            }
            try execute("PRAGMA foreign_keys=ON")
            try execute("PRAGMA busy_timeout=5000")
        } catch {
            close()
            throw error
        }
    }

    /// Creates the database's directory 0700 when missing and makes the database file 0600 (created empty
    /// when missing, so SQLite never creates it), whatever the umask: they hold the API key, the sealing
    /// private key and the request log. SQLite gives the `-wal` and `-shm` files its database file's mode;
    /// existing ones are tightened too, for data an older emulator left world-readable.
    private static func prepareOwnerOnly(_ url: URL) throws {
        try OwnerOnlyFiles.prepareDirectory(url.deletingLastPathComponent())
        try OwnerOnlyFiles.restrict(url.path, creating: true)
        for suffix in ["-wal", "-shm", "-journal"] where FileManager.default.fileExists(atPath: url.path + suffix) {
            try OwnerOnlyFiles.restrict(url.path + suffix)
        }
    }

    deinit {
        for statement in statementCache.values { sqlite3_finalize(statement) }
        if let handle { sqlite3_close_v2(handle) }
    }

    /// Closes the connection; later calls throw `SQLITE_MISUSE`. Safe to call twice.
    package func close() {
        lock.withLock {
            for statement in statementCache.values { sqlite3_finalize(statement) }
            statementCache.removeAll()
            if let handle { sqlite3_close_v2(handle) }
            handle = nil
        }
    }

    /// Runs one or more statements, discarding any rows.
    ///
    /// Bindings (`?` placeholders, in order) are only allowed when `sql` holds a single statement.
    package func execute(_ sql: String, _ bindings: [SQLiteValue] = []) throws {
        try lock.withLock {
            let db = try connection()
            if let statement = try cachedStatement(sql, db) {
                defer { recycle(statement) }
                try bind(bindings, to: statement, db)
                while try step(statement, db) {}
                return
            }
            var statementCount = 0
            try sql.withCString { start in
                var cursor: UnsafePointer<CChar>? = start
                while let current = cursor, current.pointee != 0 {
                    var statement: OpaquePointer?
                    var tail: UnsafePointer<CChar>?
                    try check(sqlite3_prepare_v2(db, current, -1, &statement, &tail), db)
                    cursor = tail
                    guard let statement else { continue }  // whitespace or a comment
                    defer { sqlite3_finalize(statement) }
                    statementCount += 1
                    if !bindings.isEmpty {
                        guard statementCount == 1 else {
                            throw SQLiteError(code: SQLITE_MISUSE, message: "bindings need a single statement")
                        }
                        try bind(bindings, to: statement, db)
                    }
                    while try step(statement, db) {}
                }
            }
        }
    }

    /// Runs one statement and returns every row it produces.
    package func query(_ sql: String, _ bindings: [SQLiteValue] = []) throws -> [SQLiteRow] {
        try lock.withLock {
            let db = try connection()
            guard let statement = try cachedStatement(sql, db) else {
                throw SQLiteError(code: SQLITE_MISUSE, message: "query needs exactly one statement")
            }
            defer { recycle(statement) }
            try bind(bindings, to: statement, db)
            let count = sqlite3_column_count(statement)
            let columns = (0..<count).map { String(cString: sqlite3_column_name(statement, $0)) }
            var rows: [SQLiteRow] = []
            while try step(statement, db) {
                rows.append(SQLiteRow(columns: columns, values: (0..<count).map { column(statement, $0) }))
            }
            return rows
        }
    }

    /// Runs `body` atomically: committed when it returns, rolled back when it throws.
    ///
    /// Nested calls become savepoints. Other callers wait until the outermost transaction ends.
    package func transaction<T>(_ body: () throws -> T) throws -> T {
        try lock.withLock {
            let depth = transactionDepth
            let savepoint = "sp\(depth)"
            try execute(depth == 0 ? "BEGIN IMMEDIATE" : "SAVEPOINT \(savepoint)")
            transactionDepth += 1
            defer { transactionDepth -= 1 }
            do {
                let result = try body()
                try execute(depth == 0 ? "COMMIT" : "RELEASE \(savepoint)")
                return result
            } catch {
                if depth == 0 {
                    try? execute("ROLLBACK")
                } else {
                    try? execute("ROLLBACK TO \(savepoint); RELEASE \(savepoint)")
                }
                throw error
            }
        }
    }

    /// The rowid of the most recent successful INSERT on this connection.
    ///
    /// Read it inside the same `transaction` as the insert when other tasks share the database.
    package var lastInsertRowID: Int64 {
        lock.withLock { handle.map { sqlite3_last_insert_rowid($0) } ?? 0 }
    }

    /// Rows changed by the most recent INSERT, UPDATE or DELETE (same caveat as `lastInsertRowID`).
    package var changes: Int {
        lock.withLock { handle.map { Int(sqlite3_changes($0)) } ?? 0 }
    }

    /// The result of `PRAGMA integrity_check`: `"ok"` for a sound database.
    package func integrityCheck() throws -> String {
        try query("PRAGMA integrity_check").compactMap { $0.string("integrity_check") }.joined(separator: "\n")
    }

    // MARK: - Statement plumbing

    /// The prepared statement for `sql` when it is exactly one statement (from the cache, or prepared
    /// and cached now); nil when `sql` holds several statements or none, which `execute` runs one by one.
    private func cachedStatement(_ sql: String, _ db: OpaquePointer) throws -> OpaquePointer? {
        if let statement = statementCache[sql] { return statement }
        var statement: OpaquePointer?
        let single = try sql.withCString { start -> Bool in
            var tail: UnsafePointer<CChar>?
            try check(sqlite3_prepare_v3(db, start, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, &tail), db)
            var rest = tail
            while let current = rest, current.pointee != 0, isspace(Int32(current.pointee)) != 0 { rest = current + 1 }
            return rest?.pointee == 0
        }
        guard let statement else { return nil }
        guard single else {
            sqlite3_finalize(statement)
            return nil
        }
        if statementCache.count >= Self.statementCacheLimit {
            for cached in statementCache.values { sqlite3_finalize(cached) }
            statementCache.removeAll()
        }
        statementCache[sql] = statement
        return statement
    }

    /// Makes a cached statement ready for its next use.
    private func recycle(_ statement: OpaquePointer) {
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
    }

    private func connection() throws -> OpaquePointer {
        guard let handle else { throw SQLiteError(code: SQLITE_MISUSE, message: "database is closed") }
        return handle
    }

    private func check(_ status: Int32, _ db: OpaquePointer) throws {
        guard status == SQLITE_OK else { throw error(status, db) }
    }

    private func error(_ status: Int32, _ db: OpaquePointer) -> SQLiteError {
        SQLiteError(code: status & 0xFF, extendedCode: status, message: String(cString: sqlite3_errmsg(db)))
    }

    /// Steps once; true when a row is available, false when done.
    private func step(_ statement: OpaquePointer, _ db: OpaquePointer) throws -> Bool {
        switch sqlite3_step(statement) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let status: throw error(status, db)
        }
    }

    private func bind(_ values: [SQLiteValue], to statement: OpaquePointer, _ db: OpaquePointer) throws {
        let expected = Int(sqlite3_bind_parameter_count(statement))
        guard values.count == expected else {
            throw SQLiteError(code: SQLITE_RANGE, message: "expected \(expected) bindings, got \(values.count)")
        }
        // SQLite must copy text and blobs: the Swift buffers do not outlive this call.
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let status: Int32
            switch value {
            case .null:
                status = sqlite3_bind_null(statement, index)
            case .integer(let int):
                status = sqlite3_bind_int64(statement, index, int)
            case .real(let double):
                status = sqlite3_bind_double(statement, index, double)
            case .text(let text):
                // An explicit byte count keeps text with embedded NULs whole.
                var text = text
                status = text.withUTF8 { bytes in
                    bytes.withMemoryRebound(to: CChar.self) { chars in
                        guard let start = chars.baseAddress else {
                            return sqlite3_bind_text(statement, index, "", 0, transient)
                        }
                        return sqlite3_bind_text(statement, index, start, Int32(chars.count), transient)
                    }
                }
            case .blob(let data) where data.isEmpty:
                status = sqlite3_bind_zeroblob(statement, index, 0)
            case .blob(let data):
                status = data.withUnsafeBytes {
                    sqlite3_bind_blob(statement, index, $0.baseAddress, Int32($0.count), transient)
                }
            }
            try check(status, db)
        }
    }

    private func column(_ statement: OpaquePointer, _ index: Int32) -> SQLiteValue {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_INTEGER:
            return .integer(sqlite3_column_int64(statement, index))
        case SQLITE_FLOAT:
            return .real(sqlite3_column_double(statement, index))
        case SQLITE_TEXT:
            let count = Int(sqlite3_column_bytes(statement, index))
            guard let bytes = sqlite3_column_text(statement, index) else { return .text("") }
            return .text(String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(statement, index))
            guard let bytes = sqlite3_column_blob(statement, index), count > 0 else { return .blob(Data()) }
            return .blob(Data(bytes: bytes, count: count))
        default:
            return .null
        }
    }
}
