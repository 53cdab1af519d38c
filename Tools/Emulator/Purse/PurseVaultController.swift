import EmulatorCore
import ErrorCore
import Foundation
import HTTPServer

/// C0 `POST /vault/v1/cards`: exchanges card data for a `tok_…` token.
///
/// Only the token, the brand, the last four digits, the expiry and the test behaviour are stored; error
/// answers name the field (`errors[].pointer`) and never echo its value.
struct PurseVaultController {
    let context: PurseContext

    func tokenize() throws -> HTTPServerResponse {
        let session = try context.authorizedSession(nil)
        let body = try context.body()
        let number = (body["number"]?.stringValue ?? "").filter { $0 != " " && $0 != "-" }
        guard (12...19).contains(number.count), number.allSatisfy(\.isASCII),
            PurseTestCard.isLuhnValid(number)
        else { throw PurseAPIError.invalidCard("/number", "The card number is not valid") }
        guard let month = body["expiry_month"]?.intValue, (1...12).contains(month) else {
            throw PurseAPIError.invalidCard("/expiry_month", "expiry_month must be 1…12")
        }
        guard var year = body["expiry_year"]?.intValue, (0...9999).contains(year) else {
            throw PurseAPIError.invalidCard("/expiry_year", "expiry_year must be a year")
        }
        if year < 100 { year += 2000 }
        guard !Self.hasExpired(month: month, year: year, now: context.now) else {
            throw PurseAPIError.invalidCard("/expiry_year", "The card has expired")
        }
        let brand = PurseTestCard.brand(number)
        let cvv = body["cvv"]?.stringValue ?? ""
        guard cvv.count == (brand == "amex" ? 4 : 3), cvv.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw PurseAPIError.invalidCard("/cvv", brand == "amex" ? "cvv must be 4 digits" : "cvv must be 3 digits")
        }
        let token = PurseID.make("tok_")
        let last4 = String(number.suffix(4))
        try context.store.execute(
            """
            INSERT INTO purse_card_tokens (token, session_id, brand, last4, expiry_month, expiry_year, behaviour,
                created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                .text(token), .text(session.id), .text(brand), .text(last4), .integer(Int64(month)),
                .integer(Int64(year)), .text(PurseTestCard(digits: number).rawValue), .integer(context.now),
            ])
        return context.json(
            [
                "token": .string(token), "brand": .string(brand), "last4": .string(last4),
                "expiry_month": .int(month), "expiry_year": .int(year),
            ], status: 201)
    }

    /// True when the card's last valid month is before the month of `now`.
    private static func hasExpired(month: Int, year: Int, now: Int64) -> Bool {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let today = calendar.dateComponents([.year, .month], from: Date(timeIntervalSince1970: Double(now) / 1000))
        return (year, month) < (today.year ?? 0, today.month ?? 0)
    }
}
