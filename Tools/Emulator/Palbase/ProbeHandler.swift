import EmulatorCore
import ErrorCore
import Foundation

/// Routes the sample backend does not have, for answers the emulator's fault rules cannot shape:
///
/// - `ANY /probe/answer?status=N[&body=text][&retry_after=S][&location=URL]`: answers `N` with `text`
///   as the raw body (none when absent or empty) and an optional `Retry-After` and `Location`.
/// - `POST /auth/*`: 200 `{"path", "received"}` echoing the (unsealed) body, so allowlist and sealing
///   tests get a clean answer from paths no auth handler serves yet.
/// - `POST /auth/conflict`: 409 `echo_conflict` with `data`, to see a sealed error envelope.
/// - `POST /v1/db/echo`: 200 `{"received"}`.
package struct ProbeHandler: PalbaseRouteHandler {
    /// A handler with no state of its own.
    package init() {}

    package var migrations: [Migration] { [] }

    package func handle(_ request: PalbaseRequest, store: SQLiteDatabase) async throws -> PalbaseResponse? {
        // Decoded only for the routes that echo it: every request passes through here first, uploads included.
        var received: AnyCodableValue { .string(String(decoding: request.body, as: UTF8.self)) }
        switch request.segments.first {
        case "probe" where request.segments == ["probe", "answer"]:
            let status = request.queryValue("status").flatMap(Int.init) ?? 200
            let body = request.queryValue("body").flatMap { $0.isEmpty ? nil : Data($0.utf8) }
            let headers = [("Retry-After", "retry_after"), ("Location", "location")].compactMap { name, key in
                request.queryValue(key).map { (name, $0) }
            }
            return PalbaseResponse(status: status, json: body, headers: headers)
        case "auth" where request.segments == ["auth", "conflict"]:
            throw PalbaseHTTPError(
                status: 409, code: "echo_conflict", description: "Conflict on a sealed path",
                data: .object(["received": received]))
        case "auth":
            return try json(["path": .string(request.path), "received": received])
        case "v1" where request.segments == ["v1", "db", "echo"]:
            return try json(["received": received])
        default:
            return nil
        }
    }

    private func json(_ object: [String: AnyCodableValue]) throws -> PalbaseResponse {
        PalbaseResponse(status: 200, json: try JSONEncoder().encode(AnyCodableValue.object(object)))
    }
}
