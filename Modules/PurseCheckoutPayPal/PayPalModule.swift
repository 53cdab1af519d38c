import Foundation
import PurseCheckout

/// The PayPal partner module (`paypal-wallet`): install it once at start-up.
///
/// ```swift
/// PluginRegistry.shared.install(PayPalModule())
/// ```
///
/// Submitting the PayPal element sends `validate`, which answers `WAITING` with PayPal's page; the
/// module's `RedirectionPresenter` shows it and the shopper comes back to the return URL: the one
/// passed to `paymentElement(for:appReturnURL:)`, else the options' `returnURL`, else the session's
/// `redirection_url`. The return is reported as `.returnedFromRedirect(url:)`.
public struct PayPalModule: PartnerModule {
    /// `paypal`, as `/init` names it in `requires_plugin`.
    public let pluginID = "paypal"
    private let presenter: (any RedirectionPresenter)?

    /// A module showing PayPal's page with `presenter` (on Apple platforms a
    /// `WebAuthenticationPresenter` or an `OpenerRedirectionPresenter`); `nil` uses the checkout's
    /// default, which on Linux follows the emulator's partner page.
    public init(presenter: (any RedirectionPresenter)? = nil) {
        self.presenter = presenter
    }

    /// The redirect flow for `method`.
    ///
    /// - Throws: `PartnerUIError` when there is no URL to come back to at all.
    public func makeFlow(for method: PaymentMethod, context: PartnerContext) throws -> any PartnerFlow {
        guard let returnURL = context.appReturnURL ?? context.sessionRedirectionURL else {
            throw PartnerUIError(
                method: method.id,
                message: "PayPal needs a return URL: pass appReturnURL to paymentElement(for:…)")
        }
        return RedirectionFlow(returnURL: returnURL, presenter: presenter ?? context.redirectionPresenter)
    }
}
