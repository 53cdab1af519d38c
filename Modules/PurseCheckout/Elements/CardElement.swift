import ErrorCore
import Foundation

/// The card element: the native twin of the web SDK's hosted fields, for the `creditcard` method.
///
/// It holds the card number, expiry, CVV and holder name itself. The app feeds it what the shopper
/// types and reads back only the ``brand``, the ``last4`` digits and each field's ``validity``;
/// the number and the CVV cannot be read, and never reach a log, a trace, an error description,
/// `dump`/`Mirror` or the disk. On submit the SDK exchanges the card for a token (the vault),
/// wipes the number and the CVV, and sends only the token to `validate`.
///
/// ```swift
/// let card = try checkout.paymentElement(for: "creditcard") as! CardElement
/// card.setNumber(numberField.text)
/// card.setExpiry(month: 12, year: 2030)
/// card.setCVV(cvvField.text)
/// card.onOutcome = { outcome in … }
/// card.submit()
/// ```
public final class CardElement: PaymentElement, SubmittableElement, CustomStringConvertible, CustomReflectable {
    let channel: ElementChannel
    let storage = Locked(CardData())
    private let now: @Sendable () -> Date

    init(methodID: String, checkout: PurseHeadlessCheckout, now: @escaping @Sendable () -> Date) {
        channel = ElementChannel(methodID: methodID, checkout: checkout)
        self.now = now
    }

    /// The method this element pays with (`creditcard`).
    public var methodID: String { channel.methodID }

    // MARK: - Input

    /// Sets the card number as typed; spaces and dashes are ignored. A new number forgets a token
    /// from an earlier submission.
    public func setNumber(_ text: String) {
        let bytes = Array(text.utf8.filter { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "-") })
        storage.withLock { card in
            for index in card.number.indices { card.number[index] = 0 }
            card.dropToken()
            card.number = bytes
        }
    }

    /// Sets the expiry month (1–12) and year (`2030`, or `30`).
    public func setExpiry(month: Int?, year: Int?) {
        storage.withLock { card in
            card.expiryMonth = month
            card.expiryYear = year
        }
    }

    /// Sets the CVV as typed.
    public func setCVV(_ text: String) {
        let bytes = Array(text.utf8.filter { $0 != UInt8(ascii: " ") })
        storage.withLock { card in
            for index in card.cvv.indices { card.cvv[index] = 0 }
            card.cvv = bytes
        }
    }

    /// Sets the card holder's name (optional for the vault).
    public func setHolderName(_ name: String?) {
        storage.withLock { $0.holderName = name?.isEmpty == true ? nil : name }
    }

    /// Wipes everything the element holds, the token included.
    public func clear() {
        storage.withLock { card in
            card.wipe()
            card = CardData()
        }
    }

    // MARK: - What the app can read

    /// The brand the number starts with (the vault's, once tokenized).
    public var brand: CardBrand { storage.withLock { $0.brand } }

    /// The last four digits, once the number is complete and valid (or tokenized); `nil` before.
    public var last4: String? {
        let now = now()
        return storage.withLock { card in card.last4(validity: Self.validity(of: card, now: now)) }
    }

    /// Each field's state.
    public var validity: CardValidity {
        let now = now()
        return storage.withLock { Self.validity(of: $0, now: now) }
    }

    /// Number, expiry and CVV are valid, or the card is already tokenized.
    public var isFulfilled: Bool { validity.isValid }

    /// Whether the vault holds the card: the number and CVV are wiped, the token is kept for a
    /// resubmission after a failure that charged nothing.
    public var isTokenized: Bool { storage.withLock { $0.token != nil } }

    // MARK: - Outcomes

    /// Called with the outcome of every submission of this element; setting it replaces the
    /// previous listener.
    public var onOutcome: (@Sendable (PaymentOutcome) -> Void)? {
        get { channel.outcomes.listener }
        set { channel.outcomes.listener = newValue }
    }

    /// A new stream of the outcomes of this element's submissions from now on.
    public var outcomes: AsyncStream<PaymentOutcome> { channel.outcomes.stream() }

    /// Makes `creditcard` the primary method and submits; the outcome goes to ``onOutcome`` and
    /// ``outcomes``. Returns at once.
    public func submit() {
        channel.submit(self)
    }

    // MARK: - The SDK's side

    /// A card element can always render.
    var refusal: (any PurseError)? { nil }

    /// `{"card_token": …}`, tokenizing through the vault first when the element holds no token yet;
    /// the number and CVV are wiped once the vault answered.
    func paymentData(using api: CheckoutAPI) async throws -> AnyCodableValue {
        let now = now()
        let pending = try storage.withLock { card throws(PurseCheckoutError) -> (token: String?, body: Data?) in
            if let token = card.token { return (token, nil) }
            guard Self.validity(of: card, now: now).isValid else { throw .elementNotFulfilled(method: methodID) }
            return (nil, card.vaultBody())
        }
        if let token = pending.token { return ["card_token": .string(token)] }
        let answer = try await api.call(.vault, body: pending.body, as: CheckoutWire.VaultAnswer.self)
        storage.withLock { card in
            card.tokenBrand = answer.brand.flatMap(CardBrand.init(rawValue:)) ?? card.brand
            card.tokenLast4 = answer.last4 ?? String(decoding: card.number.suffix(4), as: UTF8.self)
            card.token = answer.token
            card.wipe()
        }
        return ["card_token": .string(answer.token)]
    }

    private static func validity(of card: CardData, now: Date) -> CardValidity {
        card.token != nil ? .tokenized : CardValidity(card, now: now)
    }

    // MARK: - Never the card

    /// `CardElement(creditcard, visa •••• 4242, fulfilled)`: brand, last four digits and state only.
    public var description: String {
        let last4 = last4.map { " •••• \($0)" } ?? ""
        return "CardElement(\(methodID), \(brand.rawValue)\(last4), \(isFulfilled ? "fulfilled" : "not fulfilled"))"
    }

    /// The method, brand, last four digits and validity only.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: ["methodID": methodID, "brand": brand, "last4": last4 as Any, "validity": validity],
            displayStyle: .class)
    }
}
