import EmulatorCore
import ErrorCore
import Foundation

/// One executed `validate`: a row of `purse_payments`. A session has at most one.
struct PursePayment {
    let id: String
    let sessionID: String
    let idempotencyKey: String
    let method: String
    let partner: String
    let amount: Int
    /// `SUCCESS`, `FAILED`, `WAITING` or `UNCERTAIN` (an uncertain one becomes `SUCCESS` once `settlesAt` passed).
    let globalStatus: String
    let code: String
    let transactionID: String
    let settlesAt: Int64?
    let createdAt: Int64
    /// Whether `validate` asked to save the primary item's token (`payment_preferences.save_token`).
    let saveToken: Bool
    /// The return URL `validate` registered for a partner's page, if any.
    let returnURL: String?

    init?(_ row: SQLiteRow) {
        guard let id = row.string("id"), let sessionID = row.string("session_id"),
            let key = row.string("idempotency_key"), let method = row.string("method"),
            let partner = row.string("partner"), let amount = row.int("amount"),
            let globalStatus = row.string("global_status"), let code = row.string("code"),
            let transactionID = row.string("transaction_id"), let createdAt = row.int64("created_at")
        else { return nil }
        self.id = id
        self.sessionID = sessionID
        idempotencyKey = key
        self.method = method
        self.partner = partner
        self.amount = amount
        self.globalStatus = globalStatus
        self.code = code
        self.transactionID = transactionID
        settlesAt = row.int64("settles_at")
        returnURL = row.string("return_url")
        self.createdAt = createdAt
        saveToken = row.int("save_token") == 1
    }

    /// The session's payments, oldest first.
    static func all(sessionID: String?, store: SQLiteDatabase) throws -> [PursePayment] {
        if let sessionID {
            return try store.query(
                "SELECT * FROM purse_payments WHERE session_id = ? ORDER BY seq", [.text(sessionID)]
            ).compactMap(PursePayment.init)
        }
        return try store.query("SELECT * FROM purse_payments ORDER BY seq").compactMap(PursePayment.init)
    }

    /// Settles the session's uncertain payments whose time came: `SUCCESS`/`SUCCEEDED`, session `AUTHORIZED`.
    static func settle(sessionID: String, now: Int64, store: SQLiteDatabase) throws {
        try store.transaction {
            let settled = try store.query(
                """
                SELECT id FROM purse_payments
                WHERE session_id = ? AND global_status = 'UNCERTAIN' AND settles_at IS NOT NULL AND settles_at <= ?
                """, [.text(sessionID), .integer(now)])
            guard !settled.isEmpty else { return }
            try store.execute(
                """
                UPDATE purse_payments SET global_status = 'SUCCESS', code = 'SUCCEEDED', settles_at = NULL
                WHERE session_id = ? AND global_status = 'UNCERTAIN' AND settles_at <= ?
                """, [.text(sessionID), .integer(now)])
            try store.execute("UPDATE purse_sessions SET status = 'AUTHORIZED' WHERE id = ?", [.text(sessionID)])
        }
    }

    /// The item result as `validate` and C4 show it.
    var resultJSON: AnyCodableValue {
        [
            "id": .string(id), "transaction_id": .string(transactionID), "partner": .string(partner),
            "method": .string(method),
            "status": [
                "action": "AUTHORIZE", "state": .string(globalStatus), "code": .string(code),
                "description": .string(Self.description(code)),
            ],
        ]
    }

    /// Every item's result as `validate` and C4 show it: the primary item's (none when gift cards paid
    /// everything), then each secondary item's.
    func resultsJSON(store: SQLiteDatabase) throws -> [AnyCodableValue] {
        let items = try secondaryItems(store: store)
        let primary = items.isEmpty || amount > 0 ? [resultJSON] : []
        return primary
            + items.map { item in
                [
                    "id": .string(item.itemID), "transaction_id": .string(transactionID + "_" + item.itemID),
                    "partner": .string(item.partner), "method": .string(item.method),
                    "status": [
                        "action": "AUTHORIZE", "state": .string(globalStatus == "FAILED" ? "CANCELLED" : "SUCCESS"),
                        "code": .string(globalStatus == "FAILED" ? "CANCELLED" : "SUCCEEDED"),
                        "description": .string("Gift card item of \(item.amount)"),
                    ],
                ]
            }
    }

    /// The split's secondary items.
    func secondaryItems(
        store: SQLiteDatabase
    ) throws -> [(itemID: String, method: String, partner: String, amount: Int)] {
        try store.query(
            "SELECT * FROM purse_payment_items WHERE payment_id = ? ORDER BY rowid", [.text(id)]
        ).map { row in
            (
                row.string("item_id") ?? "", row.string("method") ?? "", row.string("partner") ?? "",
                row.int("amount") ?? 0
            )
        }
    }

    /// The admin view.
    var adminJSON: AnyCodableValue {
        [
            "save_token": .bool(saveToken),
            "id": .string(id), "session_id": .string(sessionID), "idempotency_key": .string(idempotencyKey),
            "method": .string(method), "partner": .string(partner), "amount": .int(amount),
            "global_status": .string(globalStatus), "code": .string(code), "transaction_id": .string(transactionID),
            "created_at": .string(PurseTime.text(createdAt)),
        ]
    }

    static func description(_ code: String) -> String {
        switch code {
        case "SUCCEEDED": "The payment was authorised"
        case "INSUFFICIENT_FUNDS": "The issuer declined: insufficient funds"
        case "CARD_EXPIRED": "The issuer declined: the card has expired"
        case "PENDING": "The partner has not confirmed the payment yet"
        case "REDIRECTION_REQUIRED": "The shopper continues on the partner's page"
        default: code
        }
    }
}
