import EmulatorPurse
import EmulatorTestSupport
import Foundation
import PurseCheckout
import PurseTools
import SDKTransport
import Testing

// Scaffolding the samples lean on, kept out of the sample file so that it imports only PurseCheckout.

/// An emulator serving Purse, and checkouts on it whose waits return at once.
struct SampleShop: Sendable {
    let server: EmulatorServer
    let merchant: PurseMerchantClient

    /// A loaded checkout for a fresh session, using `plugins` (an empty registry of its own unless
    /// given, so that only the installation sample touches `PluginRegistry.shared`).
    func loadedCheckout(
        amount: Int = 4_999, plugins: PluginRegistry = PluginRegistry()
    ) async throws -> (PurseHeadlessCheckout, String) {
        let session = try await merchant.createSession(amount: amount)
        let checkout = try PurseHeadlessCheckout(
            widgetData: session.widgetData, options: PurseCheckoutOptions(storage: .memory, plugins: plugins),
            transport: DefaultTransport.make(), clock: SDKClock(sleep: { _ in }))
        try await checkout.load()
        return (checkout, session.id)
    }

    /// Makes every `validate` of `sessionID` lose its answer (the server closes the connection).
    func loseEveryAnswer(_ sessionID: String) throws {
        try server.addFault(
            .dropBeforeExecuting, method: "POST", pathPrefix: "/purse/checkout/v1/sessions/\(sessionID)/validate",
            count: nil)
    }
}

/// Runs `body` against a fresh emulator serving Purse.
func withSampleShop<T>(
    isolation: isolated (any Actor)? = #isolation, _ body: (SampleShop) async throws -> T
) async throws -> T {
    var configuration = EmulatorConfiguration.testing()
    configuration.mount(PurseEmulator(), at: "/purse")
    return try await withRunningEmulator(configuration) { server, baseURL in
        try await body(
            SampleShop(
                server: server,
                merchant: PurseMerchantClient(
                    apiRoot: baseURL.appendingPathComponent("purse"), apiKey: PurseEmulator.defaultMerchantAPIKey)))
    }
}
