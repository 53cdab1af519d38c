import Emulator
import ErrorCore
import Foundation
import PurseCheckout
import SDKTransport

extension DemoSection {
    /// PurseCheckout: a session's methods and their states, a card payment, a decline, and a lost
    /// `validate` answer replayed to exactly one payment (counted by the emulator's admin API).
    ///
    /// Runs on an emulator it starts in memory, or on `--base-url`'s emulator (whose admin API injects the
    /// fault and counts the payments) when given.
    package static let purseCheckout = DemoSection(title: "PurseCheckout: card payments, never charged twice") {
        context in
        if let baseURL = context.baseURL {
            return try await PurseDemo(
                apiRoot: PurseCLIConfiguration.apiRoot(baseURL),
                admin: EmulatorAdminClient(baseURL: baseURL, environment: context.environment)
            ).run()
        }
        var configuration = EmulatorConfiguration(port: 0, storage: .inMemory)
        configuration.mount(PurseEmulator(), at: PurseCLIConfiguration.apiPath)
        let emulator = try EmulatorServer(configuration: configuration)
        do {
            let baseURL = try emulator.start()
            let lines = try await PurseDemo(
                apiRoot: PurseCLIConfiguration.apiRoot(baseURL),
                admin: EmulatorAdminClient(baseURL: baseURL, environment: context.environment)
            ).run()
            await emulator.shutdown()
            return ["embedded emulator at \(PurseCLIConfiguration.apiRoot(baseURL).absoluteString)"] + lines
        } catch {
            await emulator.shutdown()
            throw error
        }
    }
}

/// The demo's script, written with the SDK's public API as an app would (the merchant's session minting
/// aside, which a shop's server does).
private struct PurseDemo {
    /// Below Klarna's minimum, so one method shows a server-side disabled state.
    static let amount = 2_500

    let apiRoot: URL
    let admin: EmulatorAdminClient

    func run() async throws -> [String] {
        var lines: [String] = []

        // 1. A session and its methods with their states.
        let (paid, paidSession) = try await checkout(reference: "demo-card")
        let methods = try await paid.load()
        lines.append(
            "1. session \(paidSession.id) for \(PurseCLIConfiguration.money(paidSession.amount, paidSession.currency)): "
                + "\(methods.count) methods, state \(paid.sessionState.rawValue)")
        lines += methods.map { "     " + PurseCLIConfiguration.line(for: $0) }

        // 2. A card payment.
        let success = try await pay(paid, number: "4242 4242 4242 4242")
        guard case .completed(.success) = success.outcome else {
            throw CommandFailure(code: "demo_not_paid", message: "the test card 4242… did not pay")
        }
        lines.append(
            "2. paid by card (\(success.card)): \(paid.paymentResult?.status.rawValue ?? "-") "
                + "\(paid.paymentResult?.code ?? "-"), payment \(paid.paymentResult?.paymentID ?? "-"); "
                + "session \(paid.sessionState.rawValue)")

        // 3. A decline: completed, not thrown, and the session is spent.
        let (declined, _) = try await checkout(reference: "demo-decline")
        try await declined.load()
        let decline = try await pay(declined, number: "4000 0000 0000 0002")
        guard case .completed(let status) = decline.outcome, status != .success else {
            throw CommandFailure(code: "demo_not_declined", message: "the decline test card was not declined")
        }
        lines.append(
            "3. declined (\(decline.card)): .completed(\(status.rawValue)) with code "
                + "\(declined.paymentResult?.code ?? "-"), not an error; session \(declined.sessionState.rawValue)")

        // 4. validate runs, then its answer is lost; the SDK replays it with the same key and bytes.
        let (lost, lostSession) = try await checkout(reference: "demo-lost-answer")
        try await lost.load()
        try await injectLostAnswer(sessionID: lostSession.id)
        let replayed = try await pay(lost, number: "5555 5555 5555 4444")
        guard case .completed(.success) = replayed.outcome else {
            throw CommandFailure(code: "demo_not_replayed", message: "the replayed validate did not complete")
        }
        let payments = try await paymentCount(sessionID: lostSession.id)
        lines.append(
            "4. validate executed and its answer was dropped (fault execute_then_drop); the SDK replayed it "
                + "with the same Idempotency-Key: \(lost.paymentResult?.status.rawValue ?? "-"), "
                + "payment \(lost.paymentResult?.paymentID ?? "-")")
        lines.append("   the emulator's admin API counts \(payments) payment for session \(lostSession.id)")
        guard payments == 1 else {
            throw CommandFailure(code: "demo_charged_twice", message: "\(payments) payments for one session")
        }
        return lines
    }

    /// A fresh session, minted with the merchant key, and a checkout built from its `widgetData`.
    private func checkout(
        reference: String
    ) async throws -> (
        PurseHeadlessCheckout, PurseCLIConfiguration.SavedSession
    ) {
        let session = try await PurseCLIConfiguration.createSession(
            apiRoot: apiRoot, apiKey: PurseEmulator.defaultMerchantAPIKey, amount: Self.amount, currency: "EUR",
            reference: reference)
        let checkout = try PurseHeadlessCheckout(
            widgetData: session.widgetData,
            options: PurseCheckoutOptions(requestTimeout: .seconds(10), storage: .memory))
        return (checkout, session)
    }

    /// Fills the card element and submits; the card is described by brand and last four digits only.
    private func pay(
        _ checkout: PurseHeadlessCheckout, number: String
    ) async throws -> (
        outcome: PaymentOutcome, card: String
    ) {
        guard let card = try checkout.paymentElement(for: PurseCLIConfiguration.cardMethod) as? CardElement else {
            throw CommandFailure(code: "no_card_method", message: "the session offers no card element")
        }
        card.setNumber(number)
        card.setExpiry(month: 12, year: Calendar(identifier: .gregorian).component(.year, from: Date()) + 3)
        card.setCVV("123")
        let described = "\(card.brand.rawValue) ending \(card.last4 ?? "----")"
        try checkout.setPrimary(card.methodID)
        return (try await checkout.submitPayment(), described)
    }

    /// One `execute_then_drop` fault on this session's `validate`, through the admin API.
    private func injectLostAnswer(sessionID: String) async throws {
        var prefix = apiRoot.path
        while prefix.hasSuffix("/") { prefix.removeLast() }
        let rule: AnyCodableValue = [
            "method": "POST", "path_prefix": .string("\(prefix)/checkout/v1/sessions/\(sessionID)/validate"),
            "count": 1, "action": ["type": "execute_then_drop"],
        ]
        let response = try await admin.send("POST", "faults", body: rule)
        guard response.status == 201 else { throw admin.failure(response, path: "faults") }
    }

    /// The payments the emulator recorded for the session.
    private func paymentCount(sessionID: String) async throws -> Int {
        let path = "purse/sessions/\(sessionID)/payments"
        let response = try await admin.send("GET", path)
        guard response.status == 200,
            let count = try JSONDecoder().decode(AnyCodableValue.self, from: response.body)["count"]?.intValue
        else { throw admin.failure(response, path: path) }
        return count
    }
}
