import EmulatorCore
import ErrorCore
import Foundation
import HTTPServer
import SDKCrypto

/// C2 `items/init`: a secondary item (the `illicado-giftcard` gift card) with its balance.
///
/// Test gift cards: any 16 to 19 digits starting with `6`, with a 4-digit PIN; the balance in minor
/// units is the number's last six digits (`6000 0000 0001 5000` holds 15 000; `…000000` is
/// `EMPTY`). The same `Idempotency-Key` returns the same item. Only the last four digits are kept,
/// with a keyed reference to the card.
///
/// A card's balance is reserved per session: a second item for the same card (under another
/// `Idempotency-Key`) carries only what the earlier ones left, so a 40.00 card never pays 80.00.
struct PurseGiftCardController {
    let context: PurseContext

    func initialize(_ id: String) throws -> HTTPServerResponse {
        let session = try context.authorizedSession(id)
        if session.isExpired(now: context.now) { throw PurseAPIError.sessionExpired }
        let key = context.http.headers["Idempotency-Key"]
        if let key,
            let row = try context.store.query(
                "SELECT * FROM purse_gift_items WHERE idempotency_key = ? AND session_id = ?", [.text(key), .text(id)]
            ).first
        {
            return context.json(Self.json(row))
        }
        let body = try context.body()
        guard let methodID = body["method"]?.stringValue, let method = context.service.methods.named(methodID),
            method.isSecondary
        else {
            throw PurseAPIError(
                status: 400, code: "PAYMENT_METHOD_NOT_FOUND_IN_SESSION",
                detail: "The session offers no such secondary method", errors: [("/method", "unknown method")])
        }
        let data = body["payment_data"]?.objectValue ?? [:]
        guard let number = data["card_number"]?.stringValue?.filter({ $0 != " " }), (16...19).contains(number.count),
            number.allSatisfy(\.isASCIIDigit), number.hasPrefix("6"), let balance = Int(number.suffix(6))
        else { throw PurseAPIError.invalidCard("/payment_data/card_number", "not a gift card number") }
        guard let pin = data["pin"]?.stringValue, pin.count == 4, pin.allSatisfy(\.isASCIIDigit) else {
            throw PurseAPIError.invalidCard("/payment_data/pin", "the PIN has 4 digits")
        }
        let itemID = PurseID.make("gi_")
        let reference = Base64URL.encode(
            HMACSHA256.authenticationCode(for: Data(number.utf8), key: context.service.giftCardKey))
        try context.store.transaction {
            // What earlier items of this card in this session hold is no longer available.
            let reserved =
                try context.store.query(
                    "SELECT COALESCE(SUM(balance), 0) AS reserved FROM purse_gift_items WHERE session_id = ? AND card_ref = ?",
                    [.text(id), .text(reference)]
                ).first?.int("reserved") ?? 0
            let available = max(0, balance - reserved)
            try context.store.execute(
                """
                INSERT INTO purse_gift_items (id, session_id, idempotency_key, method, partner, last4, initial_balance,
                    balance, currency, created_at, card_ref)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    .text(itemID), .text(id), key.map(SQLiteValue.text) ?? .null, .text(method.id),
                    .text(method.partner), .text(String(number.suffix(4))), .integer(Int64(available)),
                    .integer(Int64(available)), .text(session.currency), .integer(context.now), .text(reference),
                ])
        }
        guard let row = try context.store.query("SELECT * FROM purse_gift_items WHERE id = ?", [.text(itemID)]).first
        else { throw PurseAPIError.internalError }
        return context.json(Self.json(row))
    }

    /// `{"id","balance","currency","status"}`.
    static func json(_ row: SQLiteRow) -> AnyCodableValue {
        let balance = row.int("balance") ?? 0
        return [
            "id": .string(row.string("id") ?? ""), "balance": .int(balance),
            "currency": .string(row.string("currency") ?? ""), "status": .string(balance > 0 ? "ACTIVE" : "EMPTY"),
        ]
    }
}

extension Character {
    /// `0`–`9` only.
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
