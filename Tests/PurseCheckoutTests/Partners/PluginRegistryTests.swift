import EmulatorPurse
import ErrorCore
import Foundation
import PurseCheckout
import PurseTools
import Testing

/// Partner modules are installed explicitly into a registry; without one, a partner method's element
/// has no UI and says so on its first submit, with the seed's message.
@Suite struct PluginRegistryTests {
    /// A module for `paypal` that must never be asked for a flow.
    struct UnusedModule: PartnerModule {
        let pluginID: String
        func makeFlow(for method: PaymentMethod, context: PartnerContext) throws -> any PartnerFlow {
            throw PartnerSDKError(reason: "not expected")
        }
    }

    @Test func installReplacesAndUninstallRemoves() {
        let plugins = PluginRegistry()
        #expect(plugins.installed.isEmpty)
        plugins.install(UnusedModule(pluginID: "paypal"))
        plugins.install(UnusedModule(pluginID: "klarna"))
        plugins.install(UnusedModule(pluginID: "paypal"))
        #expect(plugins.installed == ["klarna", "paypal"])
        #expect(plugins.module(for: "paypal")?.pluginID == "paypal")
        plugins.uninstall("paypal")
        #expect(plugins.module(for: "paypal") == nil)
        #expect(plugins.installed == ["klarna"])
    }

    @Test func aModuleInstalledInAnotherRegistryDoesNotCount() async throws {
        try await withPurse { bed in
            let other = registry(UnusedModule(pluginID: "paypal"))
            #expect(other.installed == ["paypal"])
            let checkout = try bed.checkout(try await bed.session(), plugins: PluginRegistry())
            try await checkout.load()
            let error = try failure(try await firstOutcome(of: try checkout.paymentElement(for: "paypal-wallet")))
            #expect(error.code == .methodNotImplemented)
            #expect(
                error.message == "no plugin registered for paypal-wallet — install the partner product that provides it"
            )
        }
    }

    @Test func aModuleThatThrowsSomethingElseGivesAnElementWithNoUI() async throws {
        try await withPurse { bed in
            let session = try await bed.session()
            let checkout = try bed.checkout(session, plugins: registry(UnusedModule(pluginID: "paypal")))
            try await checkout.load()
            let element = try checkout.paymentElement(for: "paypal-wallet")
            #expect(!(element is PartnerElement))
            let error = try #require(try failure(try await firstOutcome(of: element)) as? PartnerUIError)
            #expect(error.code == .partnerUIError)
            #expect(error.underlying as? PartnerSDKError == PartnerSDKError(reason: "not expected"))
            #expect(try bed.requests(session.id, "validate").isEmpty)
            #expect(checkout.sessionState == .ready)
        }
    }

    @Test func aTechnicallyDisabledPartnerMethodHasNoUIEvenWithItsModule() async throws {
        try await withPurse { bed in
            try await bed.disable("paypal-wallet", code: "METHOD_UNSTABLE")
            let checkout = try bed.checkout(
                try await bed.session(), plugins: registry(UnusedModule(pluginID: "paypal")))
            try await checkout.load()
            let error = try failure(try await firstOutcome(of: try checkout.paymentElement(for: "paypal-wallet")))
            #expect(error.code == .methodUnstable)
            #expect(error is PurseSessionError)
        }
    }
}
