import Foundation

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
