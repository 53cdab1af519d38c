import ErrorCore
import Foundation
import PurseCheckout
import PurseCheckoutApplePay
import PurseCheckoutKlarna
import PurseCheckoutPayPal
import SDKTransport

/// `sdk purse pay`'s gift card, checked for shape before anything is sent; its number and PIN never
/// reach a message, a description or a mirror.
struct PurseGiftCardInput: Sendable, CustomStringConvertible, CustomReflectable {
    let number: String
    let pin: String
    /// What it takes; `nil`: as much as it can.
    let amount: Int?

    init?(values: Parsed<PurseGiftCardOptions>) throws {
        guard let raw = values.number else { return nil }
        let digits = raw.filter { $0 != " " && $0 != "-" }
        guard (16...19).contains(digits.count), digits.allSatisfy(PurseCardInput.isDigit) else {
            throw UsageError(code: .invalidValue, message: "--gift-card must be a gift card number of 16 to 19 digits")
        }
        let pin = values.pin
        guard pin.count == 4, pin.allSatisfy(PurseCardInput.isDigit) else {
            throw UsageError(code: .invalidValue, message: "--gift-pin must be 4 digits")
        }
        number = digits
        self.pin = pin
        amount = values.amount
    }

    var description: String { "gift card ending \(number.suffix(4))" }

    var customMirror: Mirror { Mirror(self, children: ["giftCard": description], displayStyle: .struct) }
}

/// `sdk purse pay`'s gift-card options.
struct PurseGiftCardOptions: CommandParameters {
    let number = Option<String?>.value(
        "gift-card", type: .string, valueName: "number",
        help: "A gift card (illicado-giftcard) taking part of the amount; never printed.")
    let pin = Option.value(
        "gift-pin", type: .string, valueName: "digits", default: "1234", help: "The gift card's PIN.")
    let amount = Option<Int?>.value(
        "gift-amount", type: .integer(in: 1...99_999_999), valueName: "minor-units",
        help: "What the gift card takes; default: as much as it can.")
}

/// Pays a checkout: with a card, a partner method (following its redirect), a gift card taking part
/// of the amount, or a gift card and a method for the rest.
struct PursePayment {
    let checkout: PurseHeadlessCheckout
    let method: String
    let card: PurseCardInput?
    let giftCard: PurseGiftCardInput?
    let returnURL: URL
    /// Whether a redirect is followed on the emulator's partner page (approving), or the CLI waits for
    /// the return URL on standard input.
    let auto: Bool

    /// The CLI's partner modules: Apple Pay yields a test wallet token (no sheet, on any platform); PayPal
    /// and Klarna follow their page (approving) with `--auto`, or else print it on `context`'s stderr (so
    /// stdout stays the result, `--json` one object) and wait for the return URL on standard input.
    static func plugins(auto: Bool, context: OutputContext) -> PluginRegistry {
        let presenter: any RedirectionPresenter =
            auto
            ? PartnerPageFollower(transport: DefaultTransport.make())
            : OpenerRedirectionPresenter { url in
                context.log(
                    "Open the partner's page, decide, then paste the URL it sends you back to here:\n  \(url.absoluteString)"
                )
            }
        let registry = PluginRegistry()
        registry.install(PayPalModule(presenter: presenter))
        registry.install(KlarnaModule(presenter: presenter))
        registry.install(
            ApplePayModule(
                configuration: ApplePayConfiguration(
                    merchantIdentifier: "merchant.tech.purse.sdk-cli", merchantDisplayName: "sdk purse pay"),
                presenter: WalletTokenPresenter()))
        return registry
    }

    func run() async throws -> PurseCardPaymentResult {
        try await checkout.load()
        var taken: Int?
        if let giftCard {
            let item = try await checkout.initializeSecondary(
                "illicado-giftcard", cardNumber: giftCard.number, pin: giftCard.pin)
            let amount = giftCard.amount ?? min(item.balance, checkout.restToPay)
            try checkout.applySecondary(item, amount: amount)
            taken = amount
        }
        var cardElement: CardElement?
        let paysRest = checkout.restToPay > 0
        if paysRest {
            if method == PurseCLIConfiguration.cardMethod {
                cardElement = try fillCard()
            } else {
                _ = try checkout.paymentElement(for: method, appReturnURL: returnURL)
            }
            try checkout.setPrimary(method)
        }
        var outcome: PaymentOutcome
        do {
            outcome = try await checkout.submitPayment()
        } catch let error as any PurseError where error.isOutcomeUnknown {
            throw CommandFailure(
                code: "outcome_unknown",
                message: "the answer to validate was lost and replays did not recover it: the payment may exist. "
                    + "Run 'sdk purse status' to ask the API (the checkout kept its idempotency key)")
        }
        if case .completed(.waiting) = outcome, !auto, let line = readLine(), let url = URL(string: line) {
            outcome = await checkout.handleReturn(url: url) ?? outcome
        }
        return PurseCardPaymentResult(
            checkout: checkout, method: paysRest ? method : nil, card: cardElement, giftCardTaken: taken,
            outcome: outcome)
    }

    /// The card element filled with `--card`, checked with the SDK's rules.
    private func fillCard() throws -> CardElement {
        guard let input = card else {
            throw UsageError(
                code: .missingOption,
                message: "paying (the rest) by card needs a card: --card (a test card), --card-stdin or "
                    + "$SDK_PURSE_CARD")
        }
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
        return card
    }
}
