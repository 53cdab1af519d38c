import Emulator
import ErrorCore
import Foundation
import PurseCheckout
import PurseCheckoutPayPal
import SDKTransport

extension DemoSection {
    /// PurseCheckout's partners and splits: a PayPal redirect round trip, a gift card taking part of the
    /// amount while the methods' states move, and the message of a partner module never installed.
    ///
    /// Runs on an emulator it starts in memory, or on `--base-url`'s emulator when given.
    package static let purseCheckoutPartners = DemoSection(
        title: "PurseCheckout: partner modules, redirects and gift-card splits"
    ) { context in
        if let baseURL = context.baseURL {
            return try await PursePartnersDemo(apiRoot: PurseCLIConfiguration.apiRoot(baseURL)).run()
        }
        var configuration = EmulatorConfiguration(port: 0, storage: .inMemory)
        configuration.mount(PurseEmulator(), at: PurseCLIConfiguration.apiPath)
        let emulator = try EmulatorServer(configuration: configuration)
        do {
            let baseURL = try emulator.start()
            let lines = try await PursePartnersDemo(apiRoot: PurseCLIConfiguration.apiRoot(baseURL)).run()
            await emulator.shutdown()
            return ["embedded emulator at \(PurseCLIConfiguration.apiRoot(baseURL).absoluteString)"] + lines
        } catch {
            await emulator.shutdown()
            throw error
        }
    }
}

/// The demo's script, with the SDK's public API as an app would write it (plus the Linux presenter
/// that follows the emulator's partner page in place of a browser).
private struct PursePartnersDemo {
    static let returnURL = URL(string: "sdk-demo://purse/return")!

    let apiRoot: URL

    func run() async throws -> [String] {
        var lines: [String] = []

        // 1. PayPal: validate answers WAITING with the partner's page; the shopper approves; back to the app.
        let plugins = PluginRegistry()
        plugins.install(PayPalModule(presenter: PartnerPageFollower(transport: DefaultTransport.make())))
        let (paypal, _) = try await checkout(amount: 12_000, reference: "demo-paypal", plugins: plugins)
        try await paypal.load()
        let element = try paypal.paymentElement(for: "paypal-wallet")
        try paypal.setPrimary("paypal-wallet")
        guard case .returnedFromRedirect(let url) = try await paypal.submitPayment() else {
            throw CommandFailure(code: "demo_no_return", message: "the PayPal redirect did not come back")
        }
        lines.append(
            "1. \(element.methodID): validate answered WAITING with PayPal's page, the shopper approved, and the "
                + "partner sent them back to \(url.absoluteString)")
        lines.append(
            "   .returnedFromRedirect(url:), then the status (C4): \(paypal.paymentResult?.status.rawValue ?? "-") "
                + "\(paypal.paymentResult?.code ?? "-"); session \(paypal.sessionState.rawValue) "
                + "(confirm on your backend before telling the shopper)")

        // 2. A gift card takes part of the amount; the methods' states follow the rest to pay.
        let (split, _) = try await checkout(amount: 10_000, reference: "demo-split", plugins: PluginRegistry())
        try await split.load()
        let gift = try await split.initializeSecondary("illicado-giftcard", cardNumber: "6000000000015000", pin: "1234")
        lines.append(
            "2. gift card initialised (items/init): balance \(PurseCLIConfiguration.money(gift.balance, gift.currency))"
        )
        for take in [10_000, 8_000, 4_000] {
            try split.applySecondary(gift, amount: take)
            lines.append(
                "   takes \(take), rest \(split.restToPay): " + states(split, ["creditcard", "klarna-paylater"]))
        }
        guard let card = try split.paymentElement(for: PurseCLIConfiguration.cardMethod) as? CardElement else {
            throw CommandFailure(code: "no_card_method", message: "the session offers no card element")
        }
        card.setNumber("4242 4242 4242 4242")
        card.setExpiry(month: 12, year: Calendar(identifier: .gregorian).component(.year, from: Date()) + 3)
        card.setCVV("123")
        try split.setPrimary(card.methodID)
        guard case .completed(.success) = try await split.submitPayment() else {
            throw CommandFailure(code: "demo_split_not_paid", message: "the split payment did not complete")
        }
        lines.append(
            "   paid: the gift card 4000 and visa ending \(card.last4 ?? "----") 6000 in one validate, "
                + "\(split.paymentResult?.items.count ?? 0) items, \(split.paymentResult?.status.rawValue ?? "-")")

        // 3. A partner module that was never installed.
        let (bare, _) = try await checkout(amount: 2_500, reference: "demo-no-module", plugins: PluginRegistry())
        try await bare.load()
        let missing = try bare.paymentElement(for: "paypal-wallet")
        let outcomes = missing.outcomes
        missing.submit()
        var iterator = outcomes.makeAsyncIterator()
        guard case .failed(let error) = await iterator.next() else {
            throw CommandFailure(code: "demo_module_found", message: "a missing module did not fail")
        }
        lines.append(
            "3. no PayPal module installed: submit() reports .failed(\(error.code.rawValue)): \(error.message)")
        return lines
    }

    /// `creditcard available, klarna-paylater MIN_AMOUNT_NOT_MET (min 3500, rest 2000)`.
    private func states(_ checkout: PurseHeadlessCheckout, _ ids: [String]) -> String {
        ids.compactMap { id in
            guard let method = checkout.paymentMethods.first(where: { $0.id == id }) else { return nil }
            guard let disabled = method.disabled else { return "\(id) available" }
            var detail: [String] = []
            if let minimum = disabled.minAmount { detail.append("min \(minimum)") }
            if let rest = disabled.restToPay { detail.append("rest \(rest)") }
            return "\(id) \(disabled.code.rawValue)" + (detail.isEmpty ? "" : " (\(detail.joined(separator: ", ")))")
        }.joined(separator: ", ")
    }

    /// A fresh session, minted with the merchant key, and a checkout built from its `widgetData`.
    private func checkout(
        amount: Int, reference: String, plugins: PluginRegistry
    ) async throws -> (PurseHeadlessCheckout, PurseCLIConfiguration.SavedSession) {
        let session = try await PurseCLIConfiguration.createSession(
            apiRoot: apiRoot, apiKey: PurseEmulator.defaultMerchantAPIKey, amount: amount, currency: "EUR",
            reference: reference)
        let checkout = try PurseHeadlessCheckout(
            widgetData: session.widgetData,
            options: PurseCheckoutOptions(
                returnURL: Self.returnURL, requestTimeout: .seconds(10), storage: .memory, plugins: plugins))
        return (checkout, session)
    }
}
