import EmulatorPurse
import Foundation
import PurseCheckout
import PurseCheckoutApplePay
import Testing

/// The installation sample runs: the shared registry then serves the three partners, and a checkout
/// using it builds partner elements where it had elements with no UI.
@Suite struct PluginInstallationSampleTests {
    @Test func theSampleInstallsTheThreeModules() async throws {
        try await withSampleShop { shop in
            installPartnerModules(
                applePayConfiguration: ApplePayConfiguration(
                    merchantIdentifier: "merchant.tech.purse.sample", merchantDisplayName: "Sample shop"))
            #expect(Set(PluginRegistry.shared.installed).isSuperset(of: ["applepay", "klarna", "paypal"]))
            let (checkout, _) = try await shop.loadedCheckout(plugins: .shared)
            #expect(try checkout.paymentElement(for: "paypal-wallet") is PartnerElement)
            #expect(try checkout.paymentElement(for: "applepay-wallet") is PartnerElement)
            let (empty, _) = try await shop.loadedCheckout()
            #expect(!(try empty.paymentElement(for: "paypal-wallet") is PartnerElement))
        }
    }
}
