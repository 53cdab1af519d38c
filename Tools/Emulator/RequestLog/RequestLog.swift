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

    /// Records an arriving request and returns its log id; older entries beyond the capacity are dropped.
    func record(_ request: HTTPServerRequest, requestID: String) throws -> Int64 {
        let headers = request.headers.map { LoggedRequest.Header(name: $0.name, value: $0.value) }
        let headerJSON = String(decoding: try EmulatorJSON.encode(headers), as: UTF8.self)
        return try store.transaction {
            try store.execute(
                """
                INSERT INTO request_log (request_id, method, path, query, headers, body, received_at)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    .text(requestID), .text(request.method), .text(request.path), SQLiteValue(request.query),
                    .text(headerJSON), .blob(request.body), .text(EmulatorJSON.timestamp()),
                ])
            let id = store.lastInsertRowID
            try store.execute("DELETE FROM request_log WHERE id <= ?", [.integer(id - Int64(capacity))])
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
            [.integer(Int64(max(0, limit)))])
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
