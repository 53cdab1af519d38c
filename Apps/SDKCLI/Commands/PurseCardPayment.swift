import ErrorCore
import Foundation
import PurseCheckout

/// `sdk purse pay`'s card, checked for shape before anything is sent. Its number and CVV never reach a
/// message, a description or a mirror: usage errors name the option, never the value.
///
/// A card number on the command line is readable by every process on the machine (`/proc/<pid>/cmdline`),
/// so `--card` and `--cvv` take only ``testCards``. Any other card comes from `--card-stdin` (the number,
/// then the CVV, one per line) or from `$SDK_PURSE_CARD` and `$SDK_PURSE_CVV`.
struct PurseCardInput: Sendable, CustomStringConvertible, CustomReflectable {
    let number: String
    let month: Int
    let year: Int
    let cvv: String
    let holder: String?

    /// The card number's variable, when not given `--card` or `--card-stdin`.
    static let numberVariable = "SDK_PURSE_CARD"
    /// The CVV's variable, beside ``numberVariable``.
    static let cvvVariable = "SDK_PURSE_CVV"

    /// The numbers `--card` takes: the emulator's test cards (the contract's list) and the networks'
    /// published test numbers, none of which pays anything anywhere.
    static let testCards: Set<String> = [
        "4242424242424242", "4000000000000002", "4000000000000069", "4000000000000119", "5555555555554444",
        "378282246310005",
    ]

    /// A test card's CVV when `--cvv` is not given.
    static let testCVV = "123"

    /// Whether the command line asks to pay by card: `--card`, `--card-stdin` or `$SDK_PURSE_CARD`.
    static func isGiven(values: Parsed<PurseCardOptions>, context: OutputContext) -> Bool {
        values.number != nil || values.numberFromStdin || !(context.environment[numberVariable] ?? "").isEmpty
    }

    init(values: Parsed<PurseCardOptions>, context: OutputContext) throws {
        let (given, option, givenCVV) = try Self.source(values: values, context: context)
        let digits = given.filter { $0 != " " && $0 != "-" }
        guard (12...19).contains(digits.count), digits.allSatisfy(Self.isDigit) else {
            throw UsageError(
                code: .invalidValue,
                message: "\(option) must be a card number of 12 to 19 digits (spaces and dashes allowed)")
        }
        guard Self.isLuhnValid(digits) else {
            throw UsageError(
                code: .invalidValue, message: "\(option) is not a valid card number: it fails the Luhn check")
        }
        if option == "--card", !Self.testCards.contains(digits) {
            throw UsageError(
                code: .invalidValue,
                message: "--card takes only test cards, since any process can read a command line; give this card "
                    + "with --card-stdin (the number, then the CVV, one per line) or $\(Self.numberVariable) and "
                    + "$\(Self.cvvVariable)")
        }
        let expiry = values.expiry.split(separator: "/", omittingEmptySubsequences: false)
        guard expiry.count == 2, let month = Int(expiry[0]), (1...12).contains(month),
            [2, 4].contains(expiry[1].count), let year = Int(expiry[1]), expiry[1].allSatisfy(Self.isDigit)
        else {
            throw UsageError(
                code: .invalidValue,
                message: "invalid value \(UsageError.quoted(values.expiry)) for --expiry: "
                    + "expected MM/YY or MM/YYYY, such as 12/30")
        }
        let cvv = givenCVV ?? values.cvv ?? Self.testCVV
        guard (3...4).contains(cvv.count), cvv.allSatisfy(Self.isDigit) else {
            throw UsageError(code: .invalidValue, message: "--cvv must be 3 digits (4 for American Express)")
        }
        number = digits
        self.month = month
        self.year = year < 100 ? 2000 + year : year
        self.cvv = cvv
        holder = values.holder
    }

    /// The number as given, the option to name in errors, and the CVV when it came with the number.
    private static func source(
        values: Parsed<PurseCardOptions>, context: OutputContext
    ) throws -> (number: String, option: String, cvv: String?) {
        if values.numberFromStdin {
            if values.number != nil || values.cvv != nil {
                throw UsageError(
                    code: .conflictingOptions, message: "--card-stdin cannot be combined with --card or --cvv")
            }
            let lines = SecretInput.standardInputLines()
            guard lines.count >= 2, !lines[0].isEmpty, !lines[1].isEmpty else {
                throw UsageError(
                    code: .missingValue, message: "--card-stdin: stdin must hold the card number, then the CVV")
            }
            return (lines[0], "the card number on stdin", lines[1])
        }
        if let number = values.number { return (number, "--card", nil) }
        let number = context.environment[numberVariable] ?? ""
        guard let cvv = context.environment[cvvVariable], !cvv.isEmpty else {
            throw UsageError(code: .missingOption, message: "$\(numberVariable) needs $\(cvvVariable) beside it")
        }
        if values.cvv != nil {
            throw UsageError(code: .conflictingOptions, message: "--cvv cannot be combined with $\(numberVariable)")
        }
        return (number, "$\(numberVariable)", cvv)
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

/// `sdk purse pay`'s card options: a test card on the command line, any card from stdin.
struct PurseCardOptions: CommandParameters {
    let number = Option<String?>.value(
        "card", type: .string, valueName: "number",
        help: "A test card's number (spaces and dashes allowed); never printed. Another card: --card-stdin.")
    let numberFromStdin = Option.flag(
        "card-stdin",
        help: "Read the card number, then the CVV, from the first two lines of stdin (or set "
            + "$\(PurseCardInput.numberVariable) and $\(PurseCardInput.cvvVariable)).")
    let expiry = Option.value(
        "expiry", type: .string, valueName: "MM/YY", default: "12/30", help: "The expiry month and year.")
    let cvv = Option<String?>.value(
        "cvv", type: .string, valueName: "digits", help: "A test card's CVV (123 if not given); never printed.")
    let holder = Option<String?>.value("holder", type: .nonEmpty, valueName: "name", help: "The card holder's name.")
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
