import ErrorCore

/// What every element shares: the outcome listener and streams, and the way back to its checkout.
final class ElementChannel: Sendable {
    let methodID: String
    let outcomes = Broadcast<PaymentOutcome>()
    private weak let checkout: PurseHeadlessCheckout?

    init(methodID: String, checkout: PurseHeadlessCheckout) {
        self.methodID = methodID
        self.checkout = checkout
    }

    deinit {
        outcomes.finish()
    }

    /// Submits through the checkout, reporting the outcome; an element whose checkout is gone
    /// reports `submitBlocked`.
    func submit(_ element: any SubmittableElement) {
        let checkout = self.checkout
        Task {
            guard let checkout else {
                self.outcomes.yield(.failed(PurseCheckoutError.submitBlocked))
                return
            }
            _ = await checkout.submission(of: element)
        }
    }
}

/// The SDK's side of an element: what it needs from an element to submit it.
protocol SubmittableElement: PaymentElement {
    var channel: ElementChannel { get }
    /// Why this element can never be submitted, or `nil` when it can.
    var refusal: (any PurseError)? { get }
    /// The `payment_data` of the validate item, tokenizing first when needed. Throws the
    /// ``PaymentAPIError`` of the vault exchange, or ``PurseCheckoutError/elementNotFulfilled(method:)``.
    func paymentData(using api: CheckoutAPI) async throws -> AnyCodableValue
}
