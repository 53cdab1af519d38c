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

/// Pays a loaded checkout with a card and describes the outcome.
struct PurseCardPayment {
    let checkout: PurseHeadlessCheckout
    let input: PurseCardInput

    /// Loads the checkout, fills the card element, checks it with the SDK's rules and submits.
    func run() async throws -> PurseCardPaymentResult {
        try await checkout.load()
        guard let card = try checkout.paymentElement(for: PurseCLIConfiguration.cardMethod) as? CardElement else {
            throw CommandFailure(code: "no_card_method", message: "the session offers no card element")
        }
        card.setNumber(input.number)
        card.setExpiry(month: input.month, year: input.year)
        card.setCVV(input.cvv)
        card.setHolderName(input.holder)
        let validity = card.validity
        if validity.number != .valid {
            throw UsageError(code: .invalidValue, message: "--card is not a complete number for its brand")
        }
        if validity.expiry != .valid {
            throw UsageError(code: .invalidValue, message: "--expiry is in the past")
        }
        if validity.cvv != .valid {
            throw UsageError(
                code: .invalidValue, message: "--cvv must have \(card.brand == .amex ? 4 : 3) digits for this card")
        }
        try checkout.setPrimary(PurseCLIConfiguration.cardMethod)
        let outcome: PaymentOutcome
        do {
            outcome = try await checkout.submitPayment()
        } catch let error as any PurseError where Self.outcomeUnknown(error) {
            throw CommandFailure(
                code: "outcome_unknown",
                message: "the answer to validate was lost and replays did not recover it: the payment may exist. "
                    + "Run 'sdk purse status' to ask the API (the checkout kept its idempotency key)")
        }
        return PurseCardPaymentResult(checkout: checkout, card: card, outcome: outcome)
    }

    /// The seed page's walk of the `underlying` chain for ``PaymentAPIError/outcomeUnknown``.
    static func outcomeUnknown(_ error: any PurseError) -> Bool {
        var current: (any Error)? = error
        while let error = current {
            if (error as? PaymentAPIError)?.outcomeUnknown == true { return true }
            current = (error as? any PurseError)?.underlying
        }
        return false
    }
}

/// What `sdk purse pay` prints: the outcome, and the card by brand and last four digits only.
struct PurseCardPaymentResult: Encodable {
    let sessionId: String
    let outcome: String
    let status: String?
    let code: String?
    let paymentId: String?
    let brand: String
    let last4: String?
    let sessionState: String

    init(checkout: PurseHeadlessCheckout, card: CardElement, outcome: PaymentOutcome) {
        sessionId = checkout.sessionID
        switch outcome {
        case .completed(let status):
            self.outcome = "completed"
            self.status = status.rawValue
        case .failed: (self.outcome, status) = ("failed", nil)
        case .returnedFromRedirect: (self.outcome, status) = ("returned_from_redirect", nil)
        case .canceled: (self.outcome, status) = ("canceled", nil)
        }
        code = checkout.paymentResult?.code
        paymentId = checkout.paymentResult?.paymentID
        brand = card.brand.rawValue
        last4 = card.last4
        sessionState = checkout.sessionState.rawValue
    }

    var textLines: [String] {
        let card = "\(brand) ending \(last4 ?? "----")"
        let verdict: String
        switch (outcome, status) {
        case ("completed", PaymentStatus.success.rawValue?): verdict = "paid"
        case ("completed", _): verdict = "declined"
        default: verdict = outcome
        }
        var line = "\(verdict): \(status ?? "-")"
        if let code { line += " \(code)" }
        if let paymentId { line += ", payment \(paymentId)" }
        return ["\(line) with \(card); session \(sessionId) is \(sessionState)"]
    }
}
