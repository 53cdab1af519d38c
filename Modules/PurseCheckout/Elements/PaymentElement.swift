/// A payment method's element: it collects what the method needs (the card element holds the card
/// itself) and submits the payment. Get one from `PurseHeadlessCheckout.paymentElement(for:)`.
///
/// ``submit()`` reports a ``PaymentOutcome`` to ``onOutcome`` and to every ``outcomes`` stream, never
/// by throwing; most integrations only need this. Elements are safe to use from any thread.
///
/// An element that can never render (a method whose partner module is not installed, a disabled
/// or secondary method) is still returned: it has no UI, and its first ``submit()`` reports the
/// reason as `.failed(…)`.
public protocol PaymentElement: AnyObject, Sendable {
    /// The method this element pays with (`creditcard`).
    var methodID: String { get }
    /// Whether it holds everything needed to submit (for a card: number, expiry and CVV valid, or
    /// already tokenized).
    var isFulfilled: Bool { get }
    /// Called with the outcome of every submission of this element, on a task of the SDK's (hop to
    /// the main actor for UI work). Setting it replaces the previous listener.
    var onOutcome: (@Sendable (PaymentOutcome) -> Void)? { get set }
    /// A new stream of the outcomes of this element's submissions from now on.
    var outcomes: AsyncStream<PaymentOutcome> { get }
    /// Makes this element's method the primary one and submits the payment; the outcome goes to
    /// ``onOutcome`` and ``outcomes``. Returns at once.
    func submit()
}
