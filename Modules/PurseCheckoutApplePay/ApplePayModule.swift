import Foundation
import PurseCheckout

/// The Apple Pay partner module (`applepay-wallet`): install it once at start-up with the app's
/// configuration.
///
/// ```swift
/// PluginRegistry.shared.install(ApplePayModule(configuration: applePayConfiguration))
/// ```
///
/// Submitting the Apple Pay element shows the wallet sheet (``ApplePayPresenter``), then sends
/// `validate` with the wallet's token. Without a configuration (or with an empty merchant id) the
/// element is built with no UI and its first `submit()` reports a `PartnerUIError`: "Apple Pay
/// needs a merchant id: install ApplePayModule(configuration:)".
public struct ApplePayModule: PartnerModule {
    /// `applepay`, as `/init` names it in `requires_plugin`.
    public let pluginID = "applepay"
    /// The app's configuration.
    public let configuration: ApplePayConfiguration?
    private let presenter: any ApplePayPresenter

    /// A module with `configuration`, showing the sheet with `presenter` (PassKit's on Apple
    /// platforms; on Linux a presenter that yields a test wallet token).
    public init(configuration: ApplePayConfiguration? = nil, presenter: (any ApplePayPresenter)? = nil) {
        self.configuration = configuration
        self.presenter = presenter ?? Self.platformPresenter
    }

    /// The wallet flow for `method`.
    ///
    /// - Throws: `PartnerUIError` without a merchant id.
    public func makeFlow(for method: PaymentMethod, context: PartnerContext) throws -> any PartnerFlow {
        guard let configuration, !configuration.merchantIdentifier.isEmpty else {
            throw PartnerUIError(
                method: method.id, message: "Apple Pay needs a merchant id: install ApplePayModule(configuration:)")
        }
        return WalletFlow(configuration: configuration, presenter: presenter)
    }

    private static var platformPresenter: any ApplePayPresenter {
        #if canImport(PassKit)
            PassKitPresenter()
        #else
            WalletTokenPresenter()
        #endif
    }
}

/// The sheet, then the token as `payment_data.apple_pay_token`.
struct WalletFlow: PartnerFlow {
    let configuration: ApplePayConfiguration
    let presenter: any ApplePayPresenter

    func paymentData(amount: Int, currency: String) async throws -> AnyCodableValue {
        let token = try await presenter.authorize(
            ApplePayRequest(configuration: configuration, amount: amount, currency: currency))
        return [
            "apple_pay_token": [
                "payment_data": .string(token.paymentData.base64EncodedString()),
                "payment_method": ["network": .string(token.network), "type": .string(token.type)],
                "transaction_identifier": .string(token.transactionIdentifier),
            ]
        ]
    }

    /// The sheet shows the outcome, then closes.
    func paymentFinished(_ outcome: PaymentOutcome) async {
        await presenter.finish(with: outcome)
    }
}
