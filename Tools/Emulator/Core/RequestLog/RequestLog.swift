import ErrorCore
import Foundation
import HTTPServer
import SDKCrypto

/// The bounded, redacted log of requests the emulator served, in `request_log`.
///
/// - **Bounded.** At most `capacity` rows and `maxTotalBytes` of stored headers and bodies (the oldest go
///   first), and of each body only its first ``storedBodyBytes``, with the whole body's size and SHA-256. The
///   admin endpoint pages (``page(limit:before:)``).
/// - **Redacted.** Everything goes through ErrorCore's one `Redactor` before it is stored: sensitive headers
///   (`apikey`, `Authorization`, `DPoP`, `X-User-Token`, cookies, …) keep only the redactor's form plus a
///   fingerprint (``fingerprint(_:)``) that lets a test check which token was sent without the log holding it;
///   JSON, form and text bodies lose their token and password fields. Sealed bodies are ciphertext and stay as
///   they are; a route that asks for it (card data) stores no body at all.
package struct RequestLog: Sendable {
    /// The most bytes of a body stored.
    package static let storedBodyBytes = 4 << 10
    /// The most bytes of headers and bodies the whole log keeps by default.
    package static let defaultMaxTotalBytes = 16 << 20

    private let store: SQLiteDatabase
    private let capacity: Int
    private let maxTotalBytes: Int

    package init(store: SQLiteDatabase, capacity: Int, maxTotalBytes: Int = RequestLog.defaultMaxTotalBytes) {
        self.store = store
        self.capacity = max(1, capacity)
        self.maxTotalBytes = max(64 << 10, maxTotalBytes)
    }

    /// The body logged in place of a redacted one.
    package static let redactedBody = Data("[redacted]".utf8)

    /// What the log stores for a sensitive header's `value`: the redactor's form (`Bearer <redacted>`) and
    /// ` sha256:` with the first 16 hex digits of the value's SHA-256. Tokens are high-entropy, so the prefix
    /// identifies one without revealing it; tests compare with this.
    package static func fingerprint(header name: String, value: String) -> String {
        let masked = Redactor.standard.redact(header: name, value: value)
        guard masked != value else { return value }
        return masked + " sha256:" + ASCIIHex.lowercase(SHA256.hash(Data(value.utf8)).prefix(8))
    }

    /// Records an arriving request and returns its log id; older entries beyond the bounds are dropped.
    /// With `redactingBody`, the body is never written (card data): `[redacted]` stands in for it.
    package func record(_ request: HTTPServerRequest, requestID: String, redactingBody: Bool = false) throws -> Int64 {
        // Rendered by hand (same bytes as the encoder's `[{"name","value"}]`, sorted keys): it runs
        // on every request.
        let headerJSON = AnyCodableValue.array(
            request.headers.map {
                .object([
                    "name": .string($0.name), "value": .string(Self.fingerprint(header: $0.name, value: $0.value)),
                ])
            }
        ).jsonText
        let body = redactingBody ? Self.redactedBody : Self.storedBody(request)
        return try store.transaction {
            try store.execute(
                """
                INSERT INTO request_log
                    (request_id, method, path, query, headers, body, body_size, body_sha256, received_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    .text(requestID), .text(request.method), .text(request.path),
                    SQLiteValue(
                        request.query.map { Redactor.standard.redactedURL("?" + $0).dropFirst() }.map(String.init)),
                    .text(headerJSON), .blob(body), .integer(Int64(request.body.count)),
                    .text(ASCIIHex.lowercase(SHA256.hash(request.body))), .text(EmulatorJSON.timestamp()),
                ])
            let id = store.lastInsertRowID
            // Trimmed every 64 inserts rather than on each: the log holds at most `capacity` + 63 rows (and
            // `maxTotalBytes` plus 63 rows' worth), and most requests skip the DELETEs.
            if id % 64 == 0 {
                try store.execute("DELETE FROM request_log WHERE id <= ?", [.integer(id - Int64(capacity))])
                try store.execute(
                    """
                    DELETE FROM request_log WHERE id <= (
                        SELECT id FROM (
                            SELECT id, SUM(LENGTH(headers) + LENGTH(body)) OVER (ORDER BY id DESC) AS kept
                            FROM request_log
                        ) WHERE kept > ? ORDER BY id DESC LIMIT 1)
                    """, [.integer(Int64(maxTotalBytes))])
            }
            return id
        }
    }

    /// The stored form of `request`'s body: masked when it is JSON, form or text, as is when sealed or binary,
    /// and at most ``storedBodyBytes``.
    private static func storedBody(_ request: HTTPServerRequest) -> Data {
        let body = request.body
        guard !body.isEmpty else { return body }
        let contentType = request.headers["Content-Type"]?.lowercased() ?? ""
        var stored = body
        if request.headers["X-Palbase-Sealed"] == nil, !contentType.contains("multipart/") {
            if body.count <= 256 << 10, let json = try? JSONDecoder().decode(AnyCodableValue.self, from: body) {
                stored = Redactor.standard.redactedJSON(json).jsonData
            } else if let text = String(data: body.prefix(storedBodyBytes * 2), encoding: .utf8) {
                stored = Data(Redactor.standard.redactedText(text).utf8)
            }
        }
        return stored.count <= storedBodyBytes ? stored : stored.prefix(storedBodyBytes)
    }

    /// Stores the status the request was answered with.
    package func complete(_ id: Int64, status: Int) throws {
        try store.execute("UPDATE request_log SET status = ? WHERE id = ?", [.integer(Int64(status)), .integer(id)])
    }

    /// The last `limit` requests, oldest first.
    package func recent(limit: Int = 100) throws -> [LoggedRequest] {
        try page(limit: limit, before: nil).requests
    }

    /// Up to `limit` requests older than the one with id `before` (the newest when nil), oldest first, and
    /// the `before` of the next older page (nil when there is none).
    package func page(limit: Int, before: Int?) throws -> (requests: [LoggedRequest], nextBefore: Int?) {
        let count = max(0, min(limit, capacity))  // rows past `capacity` await the next trim
        let rows = try store.query(
            "SELECT * FROM (SELECT * FROM request_log WHERE id < ? ORDER BY id DESC LIMIT ?) ORDER BY id",
            [.integer(Int64(before ?? Int.max)), .integer(Int64(count))])
        let requests = rows.map { row in
            LoggedRequest(
                id: row.int("id") ?? 0, requestID: row.string("request_id") ?? "", method: row.string("method") ?? "",
                path: row.string("path") ?? "", query: row.string("query"),
                headers: (try? EmulatorJSON.decode([LoggedRequest.Header].self, from: row.data("headers") ?? Data()))
                    ?? [],
                body: row.data("body") ?? Data(), bodySize: row.int("body_size") ?? 0,
                bodySHA256: row.string("body_sha256") ?? "", status: row.int("status"),
                receivedAt: row.string("received_at") ?? "")
        }
        guard let oldest = requests.first, requests.count == count, count > 0,
            try store.query("SELECT 1 AS found FROM request_log WHERE id < ? LIMIT 1", [.integer(Int64(oldest.id))])
                .first != nil
        else { return (requests, nil) }
        return (requests, oldest.id)
    }

    /// Empties the log.
    package func clear() throws {
        try store.execute("DELETE FROM request_log")
    }
}
