import ErrorCore
import Foundation
import PurseCheckout

/// `sdk purse pay`'s card, checked for shape before anything is sent. Its number and CVV never reach a
/// message, a description or a mirror: usage errors name the option, never the value.
struct PurseCardInput: Sendable, CustomStringConvertible, CustomReflectable {
    let number: String
    let month: Int
    let year: Int
    let cvv: String
    let holder: String?

    init(values: ParsedValues) throws {
        let digits = (values.string("card") ?? "").filter { $0 != " " && $0 != "-" }
        guard (12...19).contains(digits.count), digits.allSatisfy(Self.isDigit) else {
            throw UsageError(
                code: .invalidValue,
                message: "--card must be a card number of 12 to 19 digits (spaces and dashes allowed)")
        }
        guard Self.isLuhnValid(digits) else {
            throw UsageError(
                code: .invalidValue, message: "--card is not a valid card number: it fails the Luhn check")
        }
        let expiry = (values.string("expiry") ?? "").split(separator: "/", omittingEmptySubsequences: false)
        guard expiry.count == 2, let month = Int(expiry[0]), (1...12).contains(month),
            [2, 4].contains(expiry[1].count), let year = Int(expiry[1]), expiry[1].allSatisfy(Self.isDigit)
        else {
            throw UsageError(
                code: .invalidValue,
                message: "invalid value \(UsageError.quoted(values.string("expiry") ?? "")) for --expiry: "
                    + "expected MM/YY or MM/YYYY, such as 12/30")
        }
        let cvv = values.string("cvv") ?? ""
        guard (3...4).contains(cvv.count), cvv.allSatisfy(Self.isDigit) else {
            throw UsageError(code: .invalidValue, message: "--cvv must be 3 digits (4 for American Express)")
        }
        number = digits
        self.month = month
        self.year = year < 100 ? 2000 + year : year
        self.cvv = cvv
        holder = values.string("holder")
    }

    var description: String { "card ending \(number.suffix(4)), expires \(month)/\(year)" }

    var customMirror: Mirror { Mirror(self, children: ["card": description], displayStyle: .struct) }

    /// An ASCII digit (`Character.isNumber` also takes other scripts' digits).
    static func isDigit(_ character: Character) -> Bool {
        ("0"..."9").contains(character)
    }

    /// The Luhn checksum.
    static func isLuhnValid(_ digits: String) -> Bool {
        var sum = 0
        for (index, character) in digits.reversed().enumerated() {
            guard let digit = character.wholeNumberValue else { return false }
            sum += index % 2 == 1 ? (digit * 2 > 9 ? digit * 2 - 9 : digit * 2) : digit
        }
        return !digits.isEmpty && sum % 10 == 0
    }
}

/// What `sdk purse pay` prints: the outcome, the method, the card by brand and last four digits only,
/// the gift card's take, and where a redirect came back.
struct PurseCardPaymentResult: Encodable {
    let sessionId: String
    let method: String?
    let outcome: String
    let status: String?
    let code: String?
    let paymentId: String?
    let brand: String?
    let last4: String?
    let giftCardTaken: Int?
    let returnedTo: String?
    let sessionState: String

    init(
        checkout: PurseHeadlessCheckout, method: String?, card: CardElement?, giftCardTaken: Int?,
        outcome: PaymentOutcome
    ) {
        sessionId = checkout.sessionID
        self.method = method
        self.giftCardTaken = giftCardTaken
        switch outcome {
        case .completed(let status):
            self.outcome = "completed"
            self.status = status.rawValue
        case .failed: (self.outcome, status) = ("failed", nil)
        case .returnedFromRedirect:
            (self.outcome, status) = ("returned_from_redirect", checkout.paymentResult?.status.rawValue)
        case .canceled: (self.outcome, status) = ("canceled", nil)
        }
        if case .returnedFromRedirect(let url) = outcome {
            returnedTo = url.absoluteString
        } else {
            returnedTo = nil
        }
        code = checkout.paymentResult?.code
        paymentId = checkout.paymentResult?.paymentID
        brand = card?.brand.rawValue
        last4 = card?.last4
        sessionState = checkout.sessionState.rawValue
    }

    /// Whether the shopper paid: the API's verdict, or the status read after a redirect's return.
    var isPaid: Bool { status == PaymentStatus.success.rawValue }

    var textLines: [String] {
        var with: [String] = []
        if let brand { with.append("\(brand) ending \(last4 ?? "----")") }
        if let method, method != PurseCLIConfiguration.cardMethod { with.append(method) }
        if let giftCardTaken { with.append("a gift card taking \(giftCardTaken)") }
        let verdict: String
        switch (outcome, status) {
        case ("completed", PaymentStatus.success.rawValue?),
            ("returned_from_redirect", PaymentStatus.success.rawValue?):
            verdict = "paid"
        case ("completed", PaymentStatus.waiting.rawValue?): verdict = "waiting at the partner"
        case ("completed", _): verdict = "declined"
        default: verdict = outcome
        }
        var line = "\(verdict): \(status ?? "-")"
        if let code { line += " \(code)" }
        if let paymentId { line += ", payment \(paymentId)" }
        var lines = ["\(line) with \(with.joined(separator: " and ")); session \(sessionId) is \(sessionState)"]
        if let returnedTo {
            lines.append("back from the partner at \(returnedTo): confirm the payment on your backend")
        }
        return lines
    }
}
