import PurseCheckout
import PurseCheckoutApplePay
import PurseCheckoutKlarna
import PurseCheckoutPayPal

// "A partner module that was never installed": the installation sample, as written, in a file that
// imports only PurseCheckout and the three partner products.

/// The app's start-up, as the page writes it.
func installPartnerModules(applePayConfiguration: ApplePayConfiguration) {
    PluginRegistry.shared.install(ApplePayModule(configuration: applePayConfiguration))
    PluginRegistry.shared.install(PayPalModule())
    PluginRegistry.shared.install(KlarnaModule())
}
