import ErrorCore
import Foundation

/// A partner module: what a partner product (`PurseCheckoutApplePay`, `PurseCheckoutPayPal`,
/// `PurseCheckoutKlarna`) installs into a ``PluginRegistry`` so that the methods needing it render.
///
/// Swift has no service loader: linking a partner product is not enough, its module is installed
/// explicitly at start-up (`PluginRegistry.shared.install(PayPalModule())`). A method whose
/// `requiresPlugin` names no installed module gets an element with no UI whose first `submit()`
/// reports ``PurseCheckoutError/noPluginRegistered(method:)``.
public protocol PartnerModule: Sendable {
    /// The plugin this module provides, as `/init` names it in `requires_plugin` (`paypal`).
    var pluginID: String { get }

    /// The partner's flow for one element of `method`.
    ///
    /// - Throws: ``PartnerUIError`` when the module cannot render without what only the app can give
    ///   it (a merchant id, a return URL); the element is then built with no UI and reports the error
    ///   on its first `submit()`.
    func makeFlow(for method: PaymentMethod, context: PartnerContext) throws -> any PartnerFlow
}

/// One element's partner step: what happens before `validate` (a wallet sheet) and after it (the
/// partner's page).
///
/// Throw ``PartnerUIFailure`` to say how the partner's interface failed; any other error counts as
/// ``PartnerUIFailure/fatal(_:)``. The checkout turns either into a ``PartnerUIError`` with the
/// partner's error as `underlying` and moves the method into a `PARTNER_UI_*` state.
public protocol PartnerFlow: Sendable {
    /// The URL the partner sends the shopper back to, sent as `client_context.return_url`; `nil`
    /// when the flow has no redirect.
    var returnURL: URL? { get }

    /// The item's `payment_data` for `validate`, after the partner's own interface when it has one
    /// (Apple Pay's sheet yields the wallet token here). Called once per submission.
    func paymentData(amount: Int, currency: String) async throws -> AnyCodableValue

    /// Opens the partner's page after `validate` answered `WAITING` with it, and returns the URL the
    /// partner sent the shopper back to; `nil` when the app's own opener will deliver it to
    /// `PurseHeadlessCheckout.handleReturn(url:)`.
    func redirect(to url: URL) async throws -> URL?

    /// The submission this flow took part in has its outcome; called once, before the outcome
    /// reaches the element's listeners, whenever ``paymentData(amount:currency:)`` was called. A
    /// wallet sheet kept open through `validate` shows the real result here (Apple Pay's sheet says
    /// "Done" only for a payment that went through).
    func paymentFinished(_ outcome: PaymentOutcome) async
}

extension PartnerFlow {
    /// No redirect.
    public var returnURL: URL? { nil }

    /// A flow without a redirect never gets one: the partner's page is refused as fatal.
    public func redirect(to url: URL) async throws -> URL? {
        throw PartnerUIFailure.fatal(NoRedirectStep())
    }

    /// Nothing to show.
    public func paymentFinished(_ outcome: PaymentOutcome) async {}
}

/// A partner page handed to a flow that has no redirect step.
struct NoRedirectStep: Error, CustomStringConvertible {
    var description: String { "this partner has no redirect step" }
}

/// What a partner module gets from the checkout to build an element's flow.
public struct PartnerContext: Sendable {
    /// The method id (`paypal-wallet`).
    public let methodID: String
    /// The app's return URL: the one passed to `paymentElement(for:appReturnURL:)`, else
    /// `PurseCheckoutOptions.returnURL`; `nil` when the app gave none.
    public let appReturnURL: URL?
    /// The session's `redirection_url` from `widgetData` (the merchant's own page), when it has one.
    public let sessionRedirectionURL: URL?
    /// The checkout's default redirection presenter: it follows the emulator's partner page over the
    /// checkout's transport and approves (Linux, tests, tools). Apps on Apple platforms give their
    /// module a `WebAuthenticationPresenter` or an ``OpenerRedirectionPresenter`` instead.
    public let redirectionPresenter: any RedirectionPresenter

    /// A context from its parts (tests and tools that build flows directly).
    public init(
        methodID: String, appReturnURL: URL?, sessionRedirectionURL: URL?,
        redirectionPresenter: any RedirectionPresenter
    ) {
        self.methodID = methodID
        self.appReturnURL = appReturnURL
        self.sessionRedirectionURL = sessionRedirectionURL
        self.redirectionPresenter = redirectionPresenter
    }
}
