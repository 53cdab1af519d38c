import Foundation
import PurseCheckout

/// The Klarna partner module (`klarna-paylater`): install it once at start-up.
///
/// ```swift
/// PluginRegistry.shared.install(KlarnaModule())
/// let klarna = try checkout.paymentElement(for: "klarna-paylater", appReturnURL: returnURL)
/// ```
///
/// Klarna sends the shopper back to the app, so its element needs an app return URL: without one
/// it is built with no UI and its first `submit()` reports a `PartnerUIError`.
public struct KlarnaModule: PartnerModule {
    /// `klarna`, as `/init` names it in `requires_plugin`.
    public let pluginID = "klarna"
    private let presenter: (any RedirectionPresenter)?

    /// A module showing Klarna's page with `presenter`; `nil` uses the checkout's default.
    public init(presenter: (any RedirectionPresenter)? = nil) {
        self.presenter = presenter
    }

    /// The redirect flow for `method`.
    ///
    /// - Throws: `PartnerUIError` "Klarna needs an app return URL: pass appReturnURL to
    ///   paymentElement(for:…)" without one.
    public func makeFlow(for method: PaymentMethod, context: PartnerContext) throws -> any PartnerFlow {
        guard let returnURL = context.appReturnURL else {
            throw PartnerUIError(
                method: method.id, message: "Klarna needs an app return URL: pass appReturnURL to paymentElement(for:…)"
            )
        }
        return RedirectionFlow(returnURL: returnURL, presenter: presenter ?? context.redirectionPresenter)
    }
}
