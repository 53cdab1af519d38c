import EmulatorCore
import ErrorCore
import Foundation
import SDKCrypto

/// A client session as the emulator keeps it (`purse_sessions`); the secret is kept only as its SHA-256.
struct PurseSession {
    let id: String
    let entityID: String
    let amount: Int
    let currency: String
    let captureMode: String
    let redirectionURL: String?
    let orderReference: String?
    /// `OPEN`, `SUBMITTED`, `AUTHORIZED` or `REFUSED` as stored; `EXPIRED` is derived from the clock.
    let status: String
    /// The `Idempotency-Key` of the `validate` that claimed the session, once one did.
    let submitKey: String?
    let paymentID: String?
    let createdAt: Int64
    let expiresAt: Int64

    init?(_ row: SQLiteRow) {
        guard let id = row.string("id"), let entityID = row.string("entity_id"), let amount = row.int("amount"),
            let currency = row.string("currency"), let captureMode = row.string("capture_mode"),
            let status = row.string("status"), let createdAt = row.int64("created_at"),
            let expiresAt = row.int64("expires_at")
        else { return nil }
        self.id = id
        self.entityID = entityID
        self.amount = amount
        self.currency = currency
        self.captureMode = captureMode
        redirectionURL = row.string("redirection_url")
        orderReference = row.string("order_reference")
        self.status = status
        submitKey = row.string("submit_key")
        paymentID = row.string("payment_id")
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }

    /// True when the session can no longer take a payment because its time is up (a submitted one keeps its
    /// outcome).
    func isExpired(now: Int64) -> Bool {
        submitKey == nil && now >= expiresAt
    }

    /// `client_session_status` at `now`.
    func clientStatus(now: Int64) -> String {
        isExpired(now: now) ? "EXPIRED" : status
    }

    /// `expires_at` as ISO 8601.
    var expiresAtText: String { PurseTime.text(expiresAt) }

    /// The admin view.
    var adminJSON: AnyCodableValue {
        [
            "id": .string(id), "entity_id": .string(entityID), "amount": .int(amount), "currency": .string(currency),
            "capture_mode": .string(captureMode), "status": .string(status),
            "submit_key": submitKey.map(AnyCodableValue.string) ?? .null,
            "payment_id": paymentID.map(AnyCodableValue.string) ?? .null,
            "order_reference": orderReference.map(AnyCodableValue.string) ?? .null,
            "created_at": .string(PurseTime.text(createdAt)), "expires_at": .string(expiresAtText),
        ]
    }

    /// The hex SHA-256 of a session secret, the form the table keeps.
    static func secretHash(_ secret: String) -> String {
        ASCIIHex.lowercase(SHA256.hash(Data(secret.utf8)))
    }
}

/// The service's time: milliseconds since the epoch, and their ISO 8601 text.
enum PurseTime {
    static func text(_ milliseconds: Int64) -> String {
        EmulatorJSON.timestamp(Date(timeIntervalSince1970: Double(milliseconds) / 1000))
    }
}

/// Random identifiers with a prefix (`cs_…`, `tok_…`, `pay_…`).
enum PurseID {
    static func make(_ prefix: String, bytes: Int = 12) -> String {
        prefix + ASCIIHex.lowercase(SecureRandom.bytes(bytes))
    }
}
