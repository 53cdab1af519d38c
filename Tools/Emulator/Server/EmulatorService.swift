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
}

extension EmulatorService {
    /// Nothing to re-seed.
    package func didReset(store: SQLiteDatabase) throws {}
}

/// What a mounted service sees.
package struct EmulatorServiceRequest: Sendable {
    /// The request as received (its `path` still starts with the mount prefix).
    package let http: HTTPServerRequest
    /// The raw path below the mount prefix, starting with `/` (`/agents/a1/chat` under `/api/sdk`).
    package let subpath: String
    /// The mount prefix, e.g. `/api/sdk`.
    package let mountPrefix: String
    /// The `req_<uuid>` id the platform assigned (also in the request log).
    package let requestID: String
    /// The emulator's database.
    package let store: SQLiteDatabase
    /// Where the service "sends" emails and SMS.
    package var inbox: EmulatorInbox { EmulatorInbox(store: store) }
}

/// A path prefix and what answers under it.
package struct EmulatorMount: Sendable {
    /// The raw path prefix without a trailing slash, e.g. `/api/sdk`.
    package let prefix: String
    /// The error shape for platform-made errors under the prefix.
    package let errorShape: EmulatorErrorShape
    /// The service, or nil for a reserved prefix whose service is not mounted yet (it answers 404).
    package let service: (any EmulatorService)?

    /// A prefix answered by `service`.
    package init(_ service: any EmulatorService, at prefix: String) {
        self.prefix = Self.normalized(prefix)
        errorShape = service.errorShape
        self.service = service
    }

    /// A reserved prefix with no service: every request gets 404 in `errorShape`.
    package init(reserved prefix: String, errorShape: EmulatorErrorShape) {
        self.prefix = Self.normalized(prefix)
        self.errorShape = errorShape
        service = nil
    }

    /// Chatbase's and Purse's prefixes, reserved until their services are mounted.
    package static let reservedDefaults: [EmulatorMount] = [
        EmulatorMount(reserved: "/api/sdk", errorShape: .chatbase),
        EmulatorMount(reserved: "/purse", errorShape: .purse),
    ]

    /// True when `path` is the prefix itself or below it (segment boundary: `/pursex` is not under `/purse`).
    func covers(_ path: String) -> Bool {
        path == prefix || path.hasPrefix(prefix + "/")
    }

    private static func normalized(_ prefix: String) -> String {
        var prefix = prefix.hasPrefix("/") ? prefix : "/" + prefix
        while prefix.count > 1, prefix.hasSuffix("/") { prefix.removeLast() }
        return prefix
    }
}
