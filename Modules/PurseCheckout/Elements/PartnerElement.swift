import ErrorCore
import Foundation

/// The element of a partner method (Apple Pay, PayPal, Klarna) whose module is installed: it has
/// no fields of its own, its partner's interface collects everything.
///
/// `submit()` runs the partner's step before `validate` (Apple Pay's sheet), `validate`, then the
/// hand-off to the partner's page when the API answers `WAITING` with one (PayPal, Klarna). A return
/// from the page is reported as ``PaymentOutcome/returnedFromRedirect(url:)``, never as
/// ``PaymentOutcome/canceled``: confirm the payment on your backend before telling the shopper
/// anything final. A failure of the partner's interface is `.failed(PartnerUIError)` and moves the
/// method into a `PARTNER_UI_*` state (see `onPluginEvent`); a shopper who closes the interface
/// gets ``PaymentOutcome/canceled``.
public final class PartnerElement: PaymentElement, SubmittableElement, CustomStringConvertible {
    let channel: ElementChannel
    /// The installed module's plugin id (`paypal`).
    public let pluginID: String
    let flow: any PartnerFlow

    init(methodID: String, pluginID: String, flow: any PartnerFlow, checkout: PurseHeadlessCheckout) {
        channel = ElementChannel(methodID: methodID, checkout: checkout)
        self.pluginID = pluginID
        self.flow = flow
    }

    /// The method this element pays with (`paypal-wallet`).
    public var methodID: String { channel.methodID }

    /// Always `true`: the partner's interface collects what it needs on submit.
    public var isFulfilled: Bool { true }

    /// The URL the partner sends the shopper back to, when the method redirects.
    public var returnURL: URL? { flow.returnURL }

    /// Called with the outcome of every submission of this element; setting it replaces the
    /// previous listener.
    public var onOutcome: (@Sendable (PaymentOutcome) -> Void)? {
        get { channel.outcomes.listener }
        set { channel.outcomes.listener = newValue }
    }

    /// A new stream of the outcomes of this element's submissions from now on.
    public var outcomes: AsyncStream<PaymentOutcome> { channel.outcomes.stream() }

    /// Makes the method primary and submits; the outcome goes to ``onOutcome`` and ``outcomes``.
    /// Returns at once.
    public func submit() {
        channel.submit(self)
    }

    /// `PartnerElement(paypal-wallet, paypal)`.
    public var description: String { "PartnerElement(\(methodID), \(pluginID))" }

    // MARK: - The SDK's side

    /// An installed partner element can render.
    var refusal: (any PurseError)? { nil }

    /// The partner's `payment_data`; a failure of its interface is thrown as ``PartnerUIFailure``.
    func paymentData(using api: CheckoutAPI) async throws -> AnyCodableValue {
        do {
            return try await flow.paymentData(amount: api.session.amount, currency: api.session.currency)
        } catch let error as any PurseError {
            throw error
        } catch {
            throw PartnerUIFailure.from(error)
        }
    }
}
