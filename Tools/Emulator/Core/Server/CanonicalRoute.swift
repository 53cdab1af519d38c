import Foundation
import HTTPServer

/// The one spelling of a request's path that every policy reads: mounts, the admin API, faults, the
/// request log and its redaction, sealing, proof of work and the routes themselves.
///
/// The routers split a path into percent-decoded, non-empty segments, so `/purse//vault/v1/cards`,
/// `/purse/%76ault/v1/cards` and `/purse/vault/v1/cards/` all reach the vault. A policy that read the
/// raw path instead (`hasPrefix("/vault/")`) would miss the first two and log a card number, or skip
/// sealing. So the path is rebuilt once, as the request arrives, from those same segments (each
/// re-encoded where it must be, so `%2F` and `%3F` inside a segment stay inside it), and everything
/// downstream sees only that. A path the segments cannot be read from (broken encoding, `.` or `..`,
/// NUL) is left as it is: every router refuses it with a 400 before anything acts on it.
package enum CanonicalRoute {
    /// `path` rebuilt from its decoded, non-empty segments: `/a//b/%63` → `/a/b/c`; nil when the
    /// segments cannot be read.
    package static func path(_ path: String) -> String? {
        guard let segments = try? PalbaseRequestParser.segments(of: path) else { return nil }
        return "/"
            + segments.map { $0.addingPercentEncoding(withAllowedCharacters: segmentCharacters) ?? $0 }
            .joined(separator: "/")
    }

    /// `request` with its canonical path (and the same query, headers and body).
    package static func request(_ request: HTTPServerRequest) -> HTTPServerRequest {
        guard let path = path(request.path), path != request.path else { return request }
        return HTTPServerRequest(
            method: request.method, target: path + (request.query.map { "?" + $0 } ?? ""), headers: request.headers,
            body: request.body, remotePort: request.remotePort, connectionID: request.connectionID)
    }

    /// `head` with its canonical path.
    package static func head(_ head: HTTPServerRequestHead) -> HTTPServerRequestHead {
        guard let path = path(head.path), path != head.path else { return head }
        let query = head.target.firstIndex(of: "?").map { String(head.target[$0...]) } ?? ""
        return HTTPServerRequestHead(
            method: head.method, target: path + query, headers: head.headers, contentLength: head.contentLength)
    }

    /// What a segment keeps unescaped: a path's characters less `/` (and so less `?`, `#` and `%`).
    private static let segmentCharacters: CharacterSet = {
        var characters = CharacterSet.urlPathAllowed
        characters.remove("/")
        return characters
    }()
}
