import ErrorCore
import Foundation
import HTTPServer
import SDKCrypto

/// The local emulator: the mounted services under their prefixes (Palbase at `/`, Chatbase at `/api/sdk`, Purse
/// at `/purse`) and the admin API under `/__emulator/`, over real HTTP on 127.0.0.1, backed by SQLite.
///
/// `init` opens (or creates) the storage and the identity, so `apiKey` and the sealing key are readable
/// before `start()`; `start()` binds; `shutdown()` stops serving and closes the database. Tests:
///
/// ```swift
/// let emulator = try EmulatorServer(configuration: .testing())
/// let baseURL = try emulator.start()
/// defer { Task { await emulator.shutdown() } }
/// try emulator.addFault(FaultRule(method: "POST", pathPrefix: "/todos", count: 1, action: .dropAfterHeaders))
/// ```
package final class EmulatorServer: Sendable {
    /// The configuration the server was created with.
    package let configuration: EmulatorConfiguration
    /// The emulator's database (platform tables plus every service's).
    package let store: SQLiteDatabase
    /// The request log (admin requests excluded).
    package let requestLog: RequestLog
    /// Messages the services "sent".
    package let inbox: EmulatorInbox
    /// The fault rules in force.
    package let faults: FaultStore

    /// The admin API's token (see ``EmulatorAdminToken``): from the data directory's `admin-token` file,
    /// created there on first open, or fresh for an in-memory emulator.
    package let adminToken: String

    /// The data directory's API key, tenant and sealing key.
    package let identity: EmulatorIdentity
    /// The mounts with their services as they run on this server (attached once, after the migrations).
    package let running: [RunningMount]
    private let http = Locked<HTTPServer?>(nil)
    private let guardrail = Locked<EmulatorRequestGuard?>(nil)

    /// Opens the storage, applies every migration and loads or creates the identity.
    ///
    /// Throws `SQLiteError` when the database cannot be opened or migrated (e.g. the data directory is not
    /// writable, or the file is not a database).
    package init(configuration: EmulatorConfiguration) throws {
        self.configuration = configuration
        store = try SQLiteDatabase(configuration.databaseLocation)
        do {
            try store.migrate(PlatformSchema.migrations + configuration.mounts.flatMap { $0.service?.migrations ?? [] })
            identity = try EmulatorIdentity.loadOrCreate(in: store)
            adminToken = try EmulatorAdminToken.loadOrCreate(for: configuration.storage)
            let platform = EmulatorPlatform(store: store, identity: identity)
            running = try configuration.mounts.map { mount in
                RunningMount(mount: mount, service: try mount.service?.attached(to: platform))
            }
        } catch {
            store.close()
            throw error
        }
        requestLog = RequestLog(
            store: store, capacity: configuration.requestLogCapacity, maxTotalBytes: configuration.requestLogMaxBytes)
        inbox = EmulatorInbox(store: store)
        faults = FaultStore(store: store)
    }

    // MARK: - Identity

    /// The API key clients send as `apikey`; created once per data directory.
    package var apiKey: String { identity.apiKey }
    /// The tenant the API key belongs to.
    package var tenantID: String { identity.tenantID }
    /// The sealing public key: the 65-byte uncompressed P-256 point.
    package var sealingPublicKey: Data { identity.sealingKey.publicKey }
    /// The sealing public key as base64url, the form `Palbase-Info.plist`'s `sealing_key` takes.
    package var sealingPublicKeyBase64URL: String { Base64URL.encode(identity.sealingKey.publicKey) }
    /// The sealing key id clients echo as `kid`.
    package var sealingKeyID: String { identity.sealingKey.keyID }

    // MARK: - Lifecycle

    /// Binds and starts serving; returns the base URL (`http://127.0.0.1:<port>`).
    ///
    /// Throws the HTTP server's error when the port is taken; calling it twice returns the same URL.
    @discardableResult
    package func start() throws -> URL {
        try http.withLock { running in
            if let running { return running.baseURL }
            var settings = HTTPServer.Configuration()
            settings.host = configuration.host
            settings.port = configuration.port
            settings.maxRequestBodyBytes = configuration.maxRequestBodyBytes
            settings.maxConnections = configuration.maxConnections
            settings.earlyResponse = { [self] head in earlyResponse(to: head) }
            let server = HTTPServer(configuration: settings) { [self] request in await respond(to: request) }
            try server.start()
            running = server
            guardrail.withLock { $0 = EmulatorRequestGuard(port: server.baseURL.port ?? 0, adminToken: adminToken) }
            Self.running.withLock { $0[Self.registryKey(server.baseURL)] = adminToken }
            return server.baseURL
        }
    }

    /// The Host, Origin and admin-token checks, once the port is known; nil before `start()` (in-process
    /// `respond(to:)` calls have no socket to rebind, but admin requests still need the token).
    package var requestGuard: EmulatorRequestGuard? { guardrail.withLock { $0 } }

    /// The admin token of the emulator serving at `url`'s host and port in this process (any path, so a
    /// service's base URL such as `…/api/sdk` works too), or nil when none does: how the demo and the test
    /// helpers, which start emulators in process, reach the admin API.
    package static func adminToken(servingAt url: URL) -> String? {
        running.withLock { $0[registryKey(url)] }
    }

    private static let running = Locked<[String: String]>([:])

    private static func registryKey(_ url: URL) -> String {
        "\(url.host?.lowercased() ?? ""):\(url.port ?? 80)"
    }

    /// The base URL while serving, nil before `start()` and after `shutdown()`.
    package var baseURL: URL? { http.withLock { $0?.baseURL } }

    /// Stops serving (in-flight connections are closed) and closes the database. Safe to call twice.
    package func shutdown() async {
        let server = http.withLock { running in
            defer { running = nil }
            return running
        }
        if let server { _ = Self.running.withLock { $0.removeValue(forKey: Self.registryKey(server.baseURL)) } }
        await server?.shutdown()
        store.close()
    }

    // MARK: - Test controls

    /// Adds a fault rule and returns it with its id; throws 400 `invalid_fault` (`PalbaseHTTPError`) when
    /// the rule is invalid.
    @discardableResult
    package func addFault(_ rule: FaultRule) throws -> FaultRule {
        try faults.add(rule)
    }

    /// Shorthand: `try emulator.addFault(.dropAfterHeaders, method: "POST", pathPrefix: "/todos", count: 1)`.
    @discardableResult
    package func addFault(
        _ action: FaultAction, method: String? = nil, pathPrefix: String = "/", count: Int? = nil
    ) throws -> FaultRule {
        try faults.add(FaultRule(method: method, pathPrefix: pathPrefix, count: count, action: action))
    }

    /// Removes every fault rule.
    package func clearFaults() throws {
        try faults.clear()
    }

    /// The last `limit` logged requests, oldest first.
    package func recentRequests(limit: Int = 100) throws -> [LoggedRequest] {
        try requestLog.recent(limit: limit)
    }

    /// Empties every table but the identity (API key and sealing key stay), so faults, the request log, the
    /// inbox, registered App Attest keys and all service data are gone; services re-seed (Palbase's
    /// proof-of-work and App Attest rules go back to the configured ones).
    package func reset() throws {
        try PlatformSchema.reset(store) {
            for service in running.compactMap(\.service) { try service.didReset(store: store) }
        }
    }

    /// The running service mounted at `prefix` (`/` for Palbase), or nil when none is.
    package func service(at prefix: String) -> (any EmulatorService)? {
        running.first { $0.mount.prefix == prefix }?.service
    }

    /// Every running service, in mount order.
    package var services: [any EmulatorService] { running.compactMap(\.service) }
}
