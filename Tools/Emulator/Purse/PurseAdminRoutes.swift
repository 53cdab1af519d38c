import EmulatorCore
import ErrorCore
import Foundation
import HTTPServer

/// The Purse part of the admin API, under `/__emulator/purse/` (no auth, snake_case JSON, errors in the admin
/// API's Palbase envelope; 404 `not_found` for every path when no `PurseEmulator` is mounted):
///
/// | method, path | body | answer |
/// | --- | --- | --- |
/// | GET `settings` | | `{"merchant_api_key","session_lifetime_seconds","mount"}` |
/// | GET `clock` | | `{"offset_seconds","now"}` |
/// | PUT `clock` | `{"offset_seconds"}` (at most ±10 years) | `{"offset_seconds","now"}` |
/// | DELETE `clock` | | 204, offset 0 |
/// | GET `sessions/{id}` | | the session (status, `submit_key`, `payment_id`, times); 404 `not_found` |
/// | GET `sessions/{id}/payments` | | `{"session_id","count","payments":[…]}`, oldest first |
/// | GET `payments` | | `{"count","payments":[…]}`: every session's, oldest first |
/// | PUT `methods/{id}/disabled` | `{"code","message"?}` (`METHOD_UNSTABLE`, `TOKEN_INIT_FAILED`, …) | 200 `{"method","disabled"}`: `init` lists the method with this state and `validate` refuses it (422 `USAGE_LIMIT_ERROR`) |
/// | DELETE `methods/{id}/disabled` | | 204: back to the amount rules |
struct PurseAdminRoutes {
    let server: EmulatorServer

    /// Answers `method path` (the segments after `purse`); throws `PalbaseHTTPError`.
    func respond(to request: HTTPServerRequest, path: [String]) throws -> HTTPServerResponse {
        guard let (prefix, service) = server.purse else { throw PalbaseHTTPError.notFound(request.path) }
        let store = server.store
        switch (request.method, path) {
        case ("GET", ["settings"]):
            let lifetime = service.sessionLifetime.components.seconds
            return Self.json([
                "merchant_api_key": .string(service.merchantAPIKey), "session_lifetime_seconds": .int(Int(lifetime)),
                "mount": .string(prefix),
            ])
        case (let method, ["clock"]):
            // The clock answers its own methods, and 405 for the rest.
            return try service.clock.answerAdmin(method: method, body: request.body)
        case ("GET", let path) where path.count == 2 && path[0] == "sessions":
            guard
                let session = try store.query("SELECT * FROM purse_sessions WHERE id = ?", [.text(path[1])]).first
                    .flatMap(PurseSession.init)
            else { throw PalbaseHTTPError.notFound(request.path) }
            return Self.json(session.adminJSON)
        case ("GET", let path) where path.count == 3 && path[0] == "sessions" && path[2] == "payments":
            let payments = try PursePayment.all(sessionID: path[1], store: store)
            return Self.json([
                "session_id": .string(path[1]), "count": .int(payments.count),
                "payments": .array(payments.map(\.adminJSON)),
            ])
        case ("GET", ["payments"]):
            let payments = try PursePayment.all(sessionID: nil, store: store)
            return Self.json(["count": .int(payments.count), "payments": .array(payments.map(\.adminJSON))])
        case ("PUT", let path) where path.count == 3 && path[0] == "methods" && path[2] == "disabled":
            guard service.methods.named(path[1]) != nil else { throw PalbaseHTTPError.notFound(request.path) }
            guard let fields = SampleJSON.parse(request.body)?.objectValue,
                let code = fields["code"]?.stringValue, !code.isEmpty, code.count <= 64
            else { throw PalbaseHTTPError.badRequest("code must be a short string") }
            let message = fields["message"]?.stringValue ?? code
            try store.execute(
                "INSERT OR REPLACE INTO purse_method_states (method_id, code, message) VALUES (?, ?, ?)",
                [.text(path[1]), .text(code), .text(message)])
            return Self.json([
                "method": .string(path[1]), "disabled": ["code": .string(code), "message": .string(message)],
            ])
        case ("DELETE", let path) where path.count == 3 && path[0] == "methods" && path[2] == "disabled":
            try store.execute("DELETE FROM purse_method_states WHERE method_id = ?", [.text(path[1])])
            return HTTPServerResponse(status: 204)
        default:
            throw PalbaseHTTPError.notFound(request.path)
        }
    }

    private static func json(_ value: AnyCodableValue, status: Int = 200) -> HTTPServerResponse {
        .json(status, value.jsonText)
    }
}

extension EmulatorServer {
    /// The mounted Purse service and its prefix, or nil when none is mounted.
    var purse: (prefix: String, service: PurseEmulator)? {
        for mount in configuration.mounts {
            if let service = mount.service as? PurseEmulator { return (mount.prefix, service) }
        }
        return nil
    }

    /// The gift-card items of `sessionID` and their balances now, oldest first.
    package func purseGiftItems(sessionID: String) throws -> [(id: String, initialBalance: Int, balance: Int)] {
        try store.query(
            "SELECT * FROM purse_gift_items WHERE session_id = ? ORDER BY created_at, rowid", [.text(sessionID)]
        ).map { ($0.string("id") ?? "", $0.int("initial_balance") ?? 0, $0.int("balance") ?? 0) }
    }

    /// The `global_status` of the session's payment, or nil when it has none.
    package func pursePaymentStatus(sessionID: String) throws -> String? {
        try PursePayment.all(sessionID: sessionID, store: store).first?.globalStatus
    }

    /// Whether the session's payment asked to save its token, or nil when it has none.
    package func purseSaveToken(sessionID: String) throws -> Bool? {
        try PursePayment.all(sessionID: sessionID, store: store).first?.saveToken
    }

    /// The state of the `validate` that claimed idempotency key `key` (`executing`, `completed`), or nil
    /// when no request has claimed it.
    package func purseIdempotencyState(key: String) throws -> String? {
        try store.query("SELECT state FROM purse_idempotency WHERE key = ?", [.text(key)]).first?.string("state")
    }

    /// The payments recorded for `sessionID` (every session's when nil), oldest first: at most one per session.
    package func pursePaymentCount(sessionID: String? = nil) throws -> Int {
        try PursePayment.all(sessionID: sessionID, store: store).count
    }
}
