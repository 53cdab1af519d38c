import EmulatorCore
import ErrorCore
import Foundation
import HTTPServer

/// C1 `init` and C4 `status`.
struct PurseCheckoutController {
    let context: PurseContext

    /// C1: the session and its methods with their server disabled states; 410 once expired. A read: nothing
    /// changes, so it is safe to retry.
    func initialize(_ id: String) throws -> HTTPServerResponse {
        let session = try context.authorizedSession(id)
        let body = try context.body(allowEmpty: true)
        var disabled: Set<String> = []
        if let value = body["disabled_methods"], value != .null {
            guard let list = value.arrayValue, list.allSatisfy({ $0.stringValue != nil }) else {
                throw PurseAPIError.invalidParams("/disabled_methods", "disabled_methods must be an array of ids")
            }
            disabled = Set(list.compactMap(\.stringValue))
        }
        if let locale = body["locale"], locale != .null, locale.stringValue == nil {
            throw PurseAPIError.invalidParams("/locale", "locale must be a string")
        }
        if session.isExpired(now: context.now) { throw PurseAPIError.sessionExpired }
        let paid = session.paymentID != nil
        let states = try PurseMethod.adminStates(store: context.store)
        let methods = context.service.methods.methods.filter { !disabled.contains($0.id) }.map { method in
            method.json(amount: session.amount, override: states[method.id])
        }
        return context.json([
            "session": [
                "id": .string(session.id), "status": .string(session.clientStatus(now: context.now)),
                "expires_at": .string(session.expiresAtText), "amount": .int(session.amount),
                "currency": .string(session.currency), "remaining_amount": .int(paid ? 0 : session.amount),
            ],
            "methods": .array(methods),
        ])
    }

    /// C4: the server's view of the session and its payment, and whether the last `validate` completed.
    func status(_ id: String) throws -> HTTPServerResponse {
        _ = try context.authorizedSession(id)
        try PursePayment.settle(sessionID: id, now: context.now, store: context.store)
        guard let session = try context.session(id) else { throw PurseAPIError.notFound }
        let payment = try PursePayment.all(sessionID: id, store: context.store).first
        let last = try context.store.query(
            "SELECT key, state FROM purse_idempotency WHERE session_id = ? ORDER BY created_at DESC, rowid DESC LIMIT 1",
            [.text(id)]
        ).first
        var document: [String: AnyCodableValue] = [
            "client_session_status": .string(session.clientStatus(now: context.now)),
            "global_status": payment.map { .string($0.globalStatus) } ?? .null,
            "results": .array(try payment.map { try $0.resultsJSON(store: context.store) } ?? []),
            "last_validate": last.map { row in
                [
                    "idempotency_key": .string(row.string("key") ?? ""),
                    "completed": .bool(row.string("state") == "completed"),
                ]
            } ?? .null,
        ]
        if let payment { document["payment_id"] = .string(payment.id) }
        return context.json(.object(document))
    }
}
