import ErrorCore
import Foundation
import HTTPServer

/// A service mounted under a path prefix (Chatbase at `/api/sdk`, Purse at `/purse`).
///
/// The platform gives every request a request id, logs it and applies fault rules before the service sees
/// it; the service owns everything else (authentication, its error shape, its tables).
package protocol EmulatorService: Sendable {
    /// The shape of this service's error bodies.
    var errorShape: EmulatorErrorShape { get }

    /// Schema migrations in the service's own version range (see `PlatformSchema`).
    var migrations: [Migration] { get }

    /// Answers a request under the mount prefix. A thrown error becomes a 500 in `errorShape`.
    func handle(_ request: EmulatorServiceRequest) async throws -> HTTPServerResponse

    /// Called after the admin `reset` emptied the service tables, inside the same transaction.
    func didReset(store: SQLiteDatabase) throws

    /// True when a `delay` fault should reach the service as `EmulatorServiceRequest.delay` instead of the
    /// platform waiting before it: the service waits where it matters (Purse: while a `validate` is in flight).
    var appliesDelayFaults: Bool { get }

    /// True when the request log must not keep the body of requests to `subpath` (Purse: card data).
    func redactsLoggedBody(subpath: String) -> Bool
}

extension EmulatorService {
    /// Nothing to re-seed.
    package func didReset(store: SQLiteDatabase) throws {}

    /// The platform waits before the service sees the request.
    package var appliesDelayFaults: Bool { false }

    /// Every body is logged.
    package func redactsLoggedBody(subpath: String) -> Bool { false }
}
