import ErrorCore
import Foundation
import HTTPServer

/// What a configuration mounts under a path prefix: Palbase at `/`, Chatbase at `/api/sdk`, Purse at `/purse`.
///
/// A configuration holds what to mount; each server attaches it once, after the migrations, and serves what
/// ``attached(to:)`` returns. A service with no per-server state is both, and is its own running service
/// (the default). The mount's error shape and migrations are read here only, never from the running service.
package protocol EmulatorMountable: Sendable {
    /// The shape of this service's error bodies.
    var errorShape: EmulatorErrorShape { get }

    /// Schema migrations in the service's own version range (see `PlatformSchema`).
    var migrations: [Migration] { get }

    /// The service as it runs on one server, given the platform's storage and identity.
    func attached(to platform: EmulatorPlatform) throws -> any EmulatorService
}

/// A running service: the platform gives every request a request id, logs it and applies fault rules before
/// the service sees it; the service owns everything else (authentication, its error shape, its tables).
package protocol EmulatorService: Sendable {
    /// Answers a request under the mount prefix. A thrown error becomes a 500 in `errorShape`.
    func handle(_ request: EmulatorServiceRequest) async throws -> HTTPServerResponse

    /// Called after the admin `reset` emptied the service tables, inside the same transaction.
    func didReset(store: SQLiteDatabase) throws

    /// True when a `delay` fault should reach the service as `EmulatorServiceRequest.delay` instead of the
    /// platform waiting before it: the service waits where it matters (Purse: while a `validate` is in flight).
    var appliesDelayFaults: Bool { get }

    /// True when the request log must not keep the body of requests to `subpath` (Purse: card data).
    func redactsLoggedBody(subpath: String) -> Bool

    /// A refusal decided from the head alone, before the server reads the body (Palbase: an upload over its
    /// route's limit), or nil to read the body and answer as usual.
    func earlyRefusal(_ head: HTTPServerRequestHead) -> PalbaseHTTPError?

    /// Answers an admin request this service owns (`path` is below `/__emulator/`), or nil when the path is
    /// not one of its admin routes. Errors use the Palbase envelope, as the whole admin API does.
    func adminResponse(
        to request: HTTPServerRequest, path: [String], server: EmulatorServer
    ) async throws
        -> HTTPServerResponse?
}

/// What a service is given when a server attaches it.
package struct EmulatorPlatform: Sendable {
    /// The emulator's database (platform tables plus every service's).
    package let store: SQLiteDatabase
    /// The data directory's API key, tenant and sealing key.
    package let identity: EmulatorIdentity
}

extension EmulatorMountable where Self: EmulatorService {
    /// No per-server state: the configured service is the running one.
    package func attached(to platform: EmulatorPlatform) throws -> any EmulatorService { self }
}

extension EmulatorService {
    /// Nothing to re-seed.
    package func didReset(store: SQLiteDatabase) throws {}

    /// The platform waits before the service sees the request.
    package var appliesDelayFaults: Bool { false }

    /// Every body is logged.
    package func redactsLoggedBody(subpath: String) -> Bool { false }

    /// Every body is read.
    package func earlyRefusal(_ head: HTTPServerRequestHead) -> PalbaseHTTPError? { nil }

    /// No admin routes.
    package func adminResponse(
        to request: HTTPServerRequest, path: [String], server: EmulatorServer
    ) async throws
        -> HTTPServerResponse?
    { nil }
}
