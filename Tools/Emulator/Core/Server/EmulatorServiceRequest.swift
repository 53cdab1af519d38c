import Foundation
import HTTPServer

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
    /// A `delay` fault's wait, for a service whose `appliesDelayFaults` is true: it waits at its own execution
    /// point. Nil when no delay fault matched.
    package var delay: Duration?
    /// Where the service "sends" emails and SMS.
    package var inbox: EmulatorInbox { EmulatorInbox(store: store) }
}
