import ErrorCore

/// The element of a method that can never render here: its partner module is not installed or
/// lacks what only the app can give it, or the method is disabled or secondary. It has no UI, and
/// every ``submit()`` reports ``refusal``.
final class UnrenderableElement: PaymentElement, SubmittableElement {
    let channel: ElementChannel
    let refusal: (any PurseError)?

    init(methodID: String, checkout: PurseHeadlessCheckout, refusal: any PurseError) {
        channel = ElementChannel(methodID: methodID, checkout: checkout)
        self.refusal = refusal
    }

    var methodID: String { channel.methodID }
    var isFulfilled: Bool { false }

    var onOutcome: (@Sendable (PaymentOutcome) -> Void)? {
        get { channel.outcomes.listener }
        set { channel.outcomes.listener = newValue }
    }

    var outcomes: AsyncStream<PaymentOutcome> { channel.outcomes.stream() }

    func submit() {
        channel.submit(self)
    }

    func paymentData(using api: CheckoutAPI) async throws -> AnyCodableValue {
        throw refusal ?? PurseCheckoutError.elementNotFulfilled(method: methodID)
    }
}
