import Emulator
import Foundation
import Testing

@testable import EmulatorCore

@Suite struct SQLiteDatabaseTests {
    @Test func bindsAndReadsEveryStorageClass() throws {
        let db = try SQLiteDatabase(.memory)
        try db.execute("CREATE TABLE t (i INTEGER, r REAL, s TEXT, b BLOB, n TEXT)")
        let blob = Data([0, 1, 2, 255])
        try db.execute(
            "INSERT INTO t VALUES (?, ?, ?, ?, ?)",
            [.integer(Int64.max), .real(2.5), .text("héllo\u{0}world"), .blob(blob), .null])
        let row = try #require(try db.query("SELECT * FROM t").first)
        #expect(row["i"] == .integer(Int64.max))
        #expect(row["r"] == .real(2.5))
        #expect(row["s"] == .text("héllo\u{0}world"))
        #expect(row["b"] == .blob(blob))
        #expect(row["n"] == .null)
        #expect(row["missing"] == .null)
        #expect(row.int64("i") == Int64.max)
        #expect(row.double("r") == 2.5)
        #expect(row.string("i") == String(Int64.max))
        #expect(row.data("b") == blob)
        #expect(row.string("n") == nil)
    }

    @Test func emptyTextStaysTextNotNull() throws {
        let db = try SQLiteDatabase(.memory)
        #expect(try db.query("SELECT ? AS v", [.text("")]).first?["v"] == .text(""))
    }

    @Test func emptyBlobStaysABlob() throws {
        let db = try SQLiteDatabase(.memory)
        try db.execute("CREATE TABLE t (b BLOB)")
        try db.execute("INSERT INTO t VALUES (?)", [.blob(Data())])
        #expect(try db.query("SELECT b, typeof(b) AS kind FROM t").first?.string("kind") == "blob")
    }

    @Test func wrongBindingCountIsAnError() throws {
        let db = try SQLiteDatabase(.memory)
        #expect(throws: SQLiteError.self) { try db.query("SELECT ?, ?", [.integer(1)]) }
        #expect(throws: SQLiteError.self) { try db.execute("SELECT 1; SELECT ?", [.integer(1)]) }
    }

    @Test func syntaxErrorCarriesSQLitesMessage() throws {
        let db = try SQLiteDatabase(.memory)
        let error = try #require(throws: SQLiteError.self) { try db.execute("SELEKT 1") }
        #expect(error.code == 1)
        #expect(error.message.contains("syntax error"))
    }

    @Test func constraintViolationIsRecognisable() throws {
        let db = try SQLiteDatabase(.memory)
        try db.execute("CREATE TABLE t (id TEXT PRIMARY KEY)")
        try db.execute("INSERT INTO t VALUES ('a')")
        let error = try #require(throws: SQLiteError.self) { try db.execute("INSERT INTO t VALUES ('a')") }
        #expect(error.isConstraintViolation)
        #expect(error.extendedCode == 1555)  // SQLITE_CONSTRAINT_PRIMARYKEY
    }

    @Test func transactionRollsBackWhenTheBodyThrows() throws {
        struct Boom: Error {}
        let db = try SQLiteDatabase(.memory)
        try db.execute("CREATE TABLE t (v INTEGER)")
        #expect(throws: Boom.self) {
            try db.transaction {
                try db.execute("INSERT INTO t VALUES (1)")
                throw Boom()
            }
        }
        #expect(try db.query("SELECT COUNT(*) AS c FROM t").first?.int("c") == 0)
    }

    @Test func nestedTransactionRollsBackOnlyItsOwnWork() throws {
        struct Boom: Error {}
        let db = try SQLiteDatabase(.memory)
        try db.execute("CREATE TABLE t (v INTEGER)")
        try db.transaction {
            try db.execute("INSERT INTO t VALUES (1)")
            try? db.transaction {
                try db.execute("INSERT INTO t VALUES (2)")
                throw Boom()
            }
            try db.execute("INSERT INTO t VALUES (3)")
        }
        #expect(try db.query("SELECT v FROM t ORDER BY v").compactMap { $0.int("v") } == [1, 3])
    }

    @Test func lastInsertRowIDAndChanges() throws {
        let db = try SQLiteDatabase(.memory)
        try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v INTEGER)")
        try db.execute("INSERT INTO t (v) VALUES (10), (20), (30)")
        #expect(db.lastInsertRowID == 3)
        try db.execute("UPDATE t SET v = v + 1 WHERE v > 15")
        #expect(db.changes == 2)
    }

    @Test func migrationsRunOnceInOrderAndRecordEachVersion() throws {
        let db = try SQLiteDatabase(.memory)
        let migrations = [
            Migration(version: 2, sql: "ALTER TABLE a ADD COLUMN extra TEXT"),
            Migration(version: 1, sql: "CREATE TABLE a (id INTEGER)"),
        ]
        try db.migrate(migrations)
        try db.migrate(migrations)
        #expect(try db.appliedMigrationVersions() == [1, 2])
        #expect(try db.query("PRAGMA user_version").first?.int("user_version") == 2)
        #expect(try db.query("SELECT extra FROM a").isEmpty)
    }

    @Test func aLowerVersionAddedLaterStillRuns() throws {
        // The platform (1–99) may gain a migration after a service's (100+) already ran.
        let db = try SQLiteDatabase(.memory)
        try db.migrate([Migration(version: 100, sql: "CREATE TABLE service (id INTEGER)")])
        try db.migrate([
            Migration(version: 1, sql: "CREATE TABLE platform (id INTEGER)"),
            Migration(version: 100, sql: "CREATE TABLE service (id INTEGER)"),
        ])
        #expect(try db.appliedMigrationVersions() == [1, 100])
        #expect(try db.query("SELECT * FROM platform").isEmpty)
    }

    @Test func failingMigrationLeavesEarlierOnesAndNoTraceOfItself() throws {
        let db = try SQLiteDatabase(.memory)
        #expect(throws: SQLiteError.self) {
            try db.migrate([
                Migration(version: 1, sql: "CREATE TABLE ok (id INTEGER)"),
                Migration(version: 2, sql: "CREATE TABLE half (id INTEGER); CREATE TABLE broken ("),
            ])
        }
        #expect(try db.appliedMigrationVersions() == [1])
        #expect(try db.query("SELECT name FROM sqlite_master WHERE name = 'half'").isEmpty)
    }

    @Test func duplicateMigrationVersionsAreRejected() throws {
        let db = try SQLiteDatabase(.memory)
        #expect(throws: SQLiteError.self) {
            try db.migrate([Migration(version: 1, sql: "SELECT 1"), Migration(version: 1, sql: "SELECT 2")])
        }
    }

    /// Issue 18: the data directory was 0755 and the database and its WAL 0644, holding the API key, the
    /// sealing private key and the request log. Now 0700 and 0600, whatever the umask; a database an older
    /// emulator left open is tightened on reopening, while a directory that already existed keeps its mode
    /// (it may be shared, such as `/tmp`).
    @Test func theDatabaseAndItsDirectoryAreOwnerOnly() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sqlite-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("data/emulator.sqlite")
        func mode(_ path: String) throws -> Int {
            try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) & 0o777
        }
        do {
            let db = try SQLiteDatabase(.file(url))
            try db.execute("CREATE TABLE t (v TEXT)")
            try db.execute("INSERT INTO t VALUES ('secret')")
            #expect(try mode(url.deletingLastPathComponent().path) == 0o700)
            for path in [url.path, url.path + "-wal", url.path + "-shm"] {
                #expect(try mode(path) == 0o600, "\(path)")
            }
            db.close()
        }
        for path in [url.deletingLastPathComponent().path, url.path] {
            _ = chmod(path, 0o755)
        }
        _ = try SQLiteDatabase(.file(url))
        #expect(try mode(url.deletingLastPathComponent().path) == 0o755)
        #expect(try mode(url.path) == 0o600)
    }

    @Test func fileDatabaseUsesWALAndSurvivesReopening() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sqlite-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("nested/db.sqlite")
        do {
            let db = try SQLiteDatabase(.file(url))
            #expect(try db.query("PRAGMA journal_mode").first?.string("journal_mode") == "wal")
            #expect(try db.query("PRAGMA synchronous").first?.int("synchronous") == 1)  // NORMAL
            #expect(try db.query("PRAGMA foreign_keys").first?.int("foreign_keys") == 1)
            try db.execute("CREATE TABLE t (v TEXT)")
            try db.execute("INSERT INTO t VALUES ('kept')")
            db.close()
        }
        let reopened = try SQLiteDatabase(.file(url))
        #expect(try reopened.query("SELECT v FROM t").first?.string("v") == "kept")
        #expect(try reopened.integrityCheck() == "ok")
    }

    @Test func notADatabaseIsAnErrorNotACrash() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("garbage-\(UUID().uuidString).sqlite")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(repeating: 0x41, count: 4096).write(to: url)
        #expect(throws: SQLiteError.self) { try SQLiteDatabase(.file(url)) }
    }

    @Test func closedDatabaseThrowsMisuse() throws {
        let db = try SQLiteDatabase(.memory)
        db.close()
        db.close()
        let error = try #require(throws: SQLiteError.self) { try db.query("SELECT 1") }
        #expect(error.code == 21)
    }

    @Test func concurrentWritersAreSerialised() async throws {
        let db = try SQLiteDatabase(.memory)
        try db.execute("CREATE TABLE t (v INTEGER)")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for index in 0..<50 {
                        try db.transaction {
                            try db.execute("INSERT INTO t VALUES (?)", [.integer(Int64(task * 100 + index))])
                            _ = db.lastInsertRowID
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try db.query("SELECT COUNT(DISTINCT v) AS c FROM t").first?.int("c") == 400)
    }
}
