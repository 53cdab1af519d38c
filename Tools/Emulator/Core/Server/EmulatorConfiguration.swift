import Foundation
import HTTPServer

/// How an `EmulatorServer` runs: where it listens, where it keeps data, and what it serves.
package struct EmulatorConfiguration: Sendable {
    /// Where the emulator keeps its database.
    package enum Storage: Sendable {
        /// `emulator.sqlite` (WAL) inside this directory, created when missing; survives restarts.
        case directory(URL)
        /// A private in-memory database: for tests, gone at shutdown.
        case inMemory
    }

    /// The port `sdk emulator start` uses by default.
    package static let defaultPort = 54321
    /// The data directory `sdk emulator start` uses by default, relative to the working directory.
    package static let defaultDataDirectory = ".sdk/emulator"
    /// The database file name inside the data directory.
    package static let databaseFileName = "emulator.sqlite"

    /// The interface to bind; loopback only by default.
    package var host = "127.0.0.1"
    /// The port to bind; 0 picks a free one (read it from `start()`'s URL).
    package var port: Int
    /// Where data lives.
    package var storage: Storage
    /// Services under their prefixes (Palbase's at `/`); Chatbase's and Purse's are reserved until mounted.
    package private(set) var mounts: [EmulatorMount] = EmulatorMount.reservedDefaults
    /// How many requests the request log keeps.
    package var requestLogCapacity = 1_000
    /// How many bytes of headers and bodies the request log keeps, at most.
    package var requestLogMaxBytes = RequestLog.defaultMaxTotalBytes
    /// The largest body the HTTP server reads at all (it answers 413 without an envelope above this).
    package var maxRequestBodyBytes = 8 << 20
    /// The most connections the HTTP server keeps open at once; more wait for 503 with `Retry-After`. The
    /// HTTP server's default (256) unless a benchmark's storm of concurrent clients needs more.
    package var maxConnections = HTTPServer.Configuration().maxConnections

    /// A configuration; the defaults are those of `sdk emulator start`.
    package init(
        port: Int = EmulatorConfiguration.defaultPort,
        storage: Storage = .directory(URL(fileURLWithPath: EmulatorConfiguration.defaultDataDirectory))
    ) {
        self.port = port
        self.storage = storage
    }

    /// In memory on an ephemeral port, nothing mounted: what tests want (they mount the backends they need).
    package static func testing() -> EmulatorConfiguration {
        EmulatorConfiguration(port: 0, storage: .inMemory)
    }

    /// Mounts `service` under `prefix`, replacing whatever was mounted or reserved there.
    ///
    /// ```swift
    /// configuration.mount(ChatbaseEmulator(), at: "/api/sdk")
    /// ```
    package mutating func mount(_ service: any EmulatorMountable, at prefix: String) {
        let mount = EmulatorMount(service, at: prefix)
        mounts.removeAll { $0.prefix == mount.prefix }
        mounts.append(mount)
    }

    /// The database location for `storage`.
    package var databaseLocation: SQLiteDatabase.Location {
        switch storage {
        case .directory(let directory): .file(directory.appendingPathComponent(Self.databaseFileName))
        case .inMemory: .memory
        }
    }
}
