import ErrorCore
import Foundation
import HTTPServer

/// What every request must show before the emulator answers it: the defence against DNS rebinding and
/// cross-site requests from pages in the developer's browser.
///
/// - Every request, admin or not, names the emulator itself in `Host`: `127.0.0.1`, `localhost` or `[::1]`
///   with the port it listens on. A rebound name (`attacker.example` resolving to 127.0.0.1) gets 421
///   `misdirected_request`; a request with no `Host` gets 400.
/// - The admin API also wants the admin token (401 `admin_token_required`), refuses an `Origin` that is not
///   the emulator's own loopback origin (403 `forbidden_origin`), and takes writes only as
///   `application/json` (415 `unsupported_media_type`), which a browser cannot send cross-site without a
///   preflight the emulator never grants.
///
/// The services mounted on the emulator (auth, Purse, Chatbase) inherit all of it: it runs before routing.
package struct EmulatorRequestGuard: Sendable {
    /// The port the server listens on.
    package let port: Int
    /// The admin API's token.
    package let adminToken: String

    /// The refusal for `head`'s `Host`, or nil when it names this emulator.
    package func refuseHost(_ headers: HTTPHeaders) -> PalbaseHTTPError? {
        guard let host = headers["Host"]?.trimmingCharacters(in: .whitespaces), !host.isEmpty else {
            return PalbaseHTTPError(status: 400, code: "bad_request", description: "The request has no Host header")
        }
        guard Self.isLoopback(authority: host, port: port) else {
            return PalbaseHTTPError(
                status: 421, code: "misdirected_request",
                description: "This emulator answers only to 127.0.0.1, localhost or [::1] on port \(port)")
        }
        return nil
    }

    /// The refusal for an admin request, or nil when it may proceed.
    package func refuseAdmin(_ request: HTTPServerRequest) -> PalbaseHTTPError? {
        if let origin = request.headers["Origin"], !Self.isLoopback(origin: origin, port: port) {
            return PalbaseHTTPError(
                status: 403, code: "forbidden_origin",
                description: "The admin API refuses requests from web pages (Origin \(origin.prefix(100)))")
        }
        guard EmulatorAdminToken.accepts(request.headers["Authorization"], token: adminToken) else {
            return PalbaseHTTPError(
                status: 401, code: "admin_token_required",
                description: "The admin API needs 'Authorization: Bearer <admin token>'; the token is printed by "
                    + "'sdk emulator start' and kept in the data directory's \(EmulatorAdminToken.fileName) file")
        }
        if ["POST", "PUT", "PATCH"].contains(request.method), !Self.isJSON(request.headers["Content-Type"]) {
            return PalbaseHTTPError(
                status: 415, code: "unsupported_media_type",
                description: "Admin writes take Content-Type: application/json")
        }
        return nil
    }

    /// `127.0.0.1:<port>`, `localhost:<port>` or `[::1]:<port>` (a missing port means 80).
    package static func isLoopback(authority: String, port: Int) -> Bool {
        let lowered = authority.lowercased()
        let host: Substring
        let named: Int?
        if lowered.hasPrefix("[") {
            guard let close = lowered.firstIndex(of: "]") else { return false }
            host = lowered[...close]
            let rest = lowered[lowered.index(after: close)...]
            if rest.isEmpty {
                named = 80
            } else {
                guard rest.hasPrefix(":") else { return false }
                named = Int(rest.dropFirst())
            }
        } else if let colon = lowered.lastIndex(of: ":") {
            host = lowered[..<colon]
            named = Int(lowered[lowered.index(after: colon)...])
        } else {
            host = lowered[...]
            named = 80
        }
        return ["127.0.0.1", "localhost", "[::1]"].contains(String(host)) && named == port
    }

    /// `http://` plus a loopback authority on this port.
    package static func isLoopback(origin: String, port: Int) -> Bool {
        let lowered = origin.lowercased()
        guard lowered.hasPrefix("http://") else { return false }
        return isLoopback(authority: String(lowered.dropFirst("http://".count)), port: port)
    }

    private static func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let mediaType = contentType.split(separator: ";", maxSplits: 1).first ?? ""
        return mediaType.trimmingCharacters(in: .whitespaces).lowercased() == "application/json"
    }
}
