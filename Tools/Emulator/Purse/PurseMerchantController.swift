import EmulatorCore
import ErrorCore
import Foundation
import HTTPServer
import SDKCrypto

/// `POST /payment/v2/client-sessions`: the merchant's server mints a client session and its `widgetData`.
struct PurseMerchantController {
    let context: PurseContext

    func createSession() throws -> HTTPServerResponse {
        guard let key = context.http.headers["x-api-key"],
            ConstantTime.isEqual(Data(key.utf8), Data(context.service.merchantAPIKey.utf8))
        else { throw PurseAPIError.unauthorized }
        let body = try context.body()
        guard let entityID = body["entity_id"]?.stringValue, !entityID.isEmpty else {
            throw PurseAPIError.invalidParams("/entity_id", "entity_id must be a non-empty string")
        }
        guard let amount = body["amount"]?.intValue, amount > 0 else {
            throw PurseAPIError.invalidParams("/amount", "amount must be a positive integer in minor units")
        }
        guard let currency = body["currency"]?.stringValue, currency.count == 3,
            currency.allSatisfy({ $0.isASCII && $0.isLetter })
        else { throw PurseAPIError.invalidParams("/currency", "currency must be an ISO 4217 code") }
        let captureMode = body["capture_mode"]?.stringValue ?? "AUTOMATIC"
        guard ["AUTOMATIC", "MANUAL"].contains(captureMode) else {
            throw PurseAPIError.invalidParams("/capture_mode", "capture_mode must be AUTOMATIC or MANUAL")
        }
        let redirectionURL = body["shopper_redirection_url"]?.stringValue
        let reference = body["order"]?["reference"]?.stringValue

        let id = PurseID.make("cs_")
        let secret = "ss_" + Base64URL.encode(SecureRandom.bytes(24))
        let lifetime = context.service.sessionLifetime.components
        let expiresAt = context.now + lifetime.seconds * 1000 + lifetime.attoseconds / 1_000_000_000_000_000
        try context.store.execute(
            """
            INSERT INTO purse_sessions (id, secret_hash, entity_id, amount, currency, capture_mode, redirection_url,
                order_reference, status, created_at, expires_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'OPEN', ?, ?)
            """,
            [
                .text(id), .text(PurseSession.secretHash(secret)), .text(entityID), .integer(Int64(amount)),
                .text(currency.uppercased()), .text(captureMode), SQLiteValue(redirectionURL), SQLiteValue(reference),
                .integer(context.now), .integer(expiresAt),
            ])
        let expires = PurseTime.text(expiresAt)
        let widget: AnyCodableValue = [
            "v": 2, "session_id": .string(id), "session_secret": .string(secret), "api_root": .string(context.apiRoot),
            "environment": "sandbox", "expires_at": .string(expires), "amount": .int(amount),
            "currency": .string(currency.uppercased()),
            "redirection_url": redirectionURL.map(AnyCodableValue.string) ?? .null,
        ]
        let widgetData = widget.jsonData.base64EncodedString()
        return context.json(
            [
                "id": .string(id), "status": "CREATED", "expires_at": .string(expires), "amount": .int(amount),
                "currency": .string(currency.uppercased()), "widget": ["data": .string(widgetData)],
            ], status: 201)
    }
}
