import ErrorCore
import Foundation
import HTTPServer

/// The capped log of requests the emulator served, newest `capacity` kept, in `request_log`.
package struct RequestLog: Sendable {
    private let store: SQLiteDatabase
    private let capacity: Int

    init(store: SQLiteDatabase, capacity: Int) {
        self.store = store
        self.capacity = max(1, capacity)
    }

    /// The body logged in place of a redacted one.
    static let redactedBody = Data("[redacted]".utf8)

    /// Records an arriving request and returns its log id; older entries beyond the capacity are dropped.
    /// With `redactingBody`, the body is never written (card data): `[redacted]` stands in for it.
    func record(_ request: HTTPServerRequest, requestID: String, redactingBody: Bool = false) throws -> Int64 {
        // Rendered by hand (same bytes as the encoder's `[{"name","value"}]`, sorted keys): it runs
        // on every request.
        let headerJSON = AnyCodableValue.array(
            request.headers.map { .object(["name": .string($0.name), "value": .string($0.value)]) }
        ).jsonText
        return try store.transaction {
            try store.execute(
                """
                INSERT INTO request_log (request_id, method, path, query, headers, body, received_at)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    .text(requestID), .text(request.method), .text(request.path), SQLiteValue(request.query),
                    .text(headerJSON), .blob(redactingBody ? Self.redactedBody : request.body),
                    .text(EmulatorJSON.timestamp()),
                ])
            let id = store.lastInsertRowID
            // Trimmed every 64 inserts rather than on each: the log holds at most `capacity` + 63
            // rows, and most requests skip a DELETE.
            if id % 64 == 0 {
                try store.execute("DELETE FROM request_log WHERE id <= ?", [.integer(id - Int64(capacity))])
            }
            return id
        }
    }

    /// Stores the status the request was answered with.
    func complete(_ id: Int64, status: Int) throws {
        try store.execute("UPDATE request_log SET status = ? WHERE id = ?", [.integer(Int64(status)), .integer(id)])
    }

    /// The last `limit` requests, oldest first.
    package func recent(limit: Int = 100) throws -> [LoggedRequest] {
        let rows = try store.query(
            "SELECT * FROM (SELECT * FROM request_log ORDER BY id DESC LIMIT ?) ORDER BY id",
            [.integer(Int64(max(0, min(limit, capacity))))])  // rows past `capacity` await the next trim
        return rows.map { row in
            LoggedRequest(
                id: row.int("id") ?? 0, requestID: row.string("request_id") ?? "", method: row.string("method") ?? "",
                path: row.string("path") ?? "", query: row.string("query"),
                headers: (try? EmulatorJSON.decode([LoggedRequest.Header].self, from: row.data("headers") ?? Data()))
                    ?? [],
                body: row.data("body") ?? Data(), status: row.int("status"), receivedAt: row.string("received_at") ?? ""
            )
        }
    }

    /// Empties the log.
    package func clear() throws {
        try store.execute("DELETE FROM request_log")
    }
}
