import EmulatorPurse
import ErrorCore
import Foundation
import PurseCheckout
import PurseCheckoutApplePay
import PurseTools
import Testing

/// Apple Pay: the wallet sheet's token goes to `validate`; without a merchant id the element has no
/// UI; each way the sheet can fail moves the method into its `PARTNER_UI_*` state, announced.
@Suite struct ApplePayTests {
    static let configuration = ApplePayConfiguration(
        merchantIdentifier: "merchant.tech.purse.tests", merchantDisplayName: "Purse tests")

    /// A sheet scripted to answer with `result`; records the requests it was shown and the outcomes
    /// it was told to show (in `log`, with whatever else the test writes there).
    struct ScriptedWallet: ApplePayPresenter {
        let requests = Locked<[ApplePayRequest]>([])
        let log = Locked<[String]>([])
        let result: @Sendable () throws -> ApplePayToken

        func authorize(_ request: ApplePayRequest) async throws -> ApplePayToken {
            requests.withLock { $0.append(request) }
            return try result()
        }

        func finish(with outcome: PaymentOutcome) async {
            let shown = if case .completed(.success) = outcome { "sheet: success" } else { "sheet: failure" }
            log.withLock { $0.append(shown) }
        }
    }

    @Test func theWalletTokenPaysThroughValidate() async throws {
        try await withPurse { bed in
            let session = try await bed.session(amount: 2_500)
            let wallet = ScriptedWallet {
                ApplePayToken(
                    paymentData: Data("sealed".utf8), network: "Visa", type: "debit", transactionIdentifier: "tx1")
            }
            let plugins = registry(ApplePayModule(configuration: Self.configuration, presenter: wallet))
            let checkout = try bed.checkout(session, plugins: plugins)
            try await checkout.load()
            let element = try #require(try checkout.paymentElement(for: "applepay-wallet") as? PartnerElement)
            #expect(element.pluginID == "applepay")
            guard case .completed(let status) = try await firstOutcome(of: element) else {
                throw PartnerSDKError(reason: "not completed")
            }
            #expect(status == .success)
            #expect(wallet.log.withLock { $0 } == ["sheet: success"], "the sheet heard the verdict once")
            #expect(checkout.sessionState == .submitted)
            #expect(wallet.requests.withLock { $0.map(\.amount) } == [2_500])
            #expect(wallet.requests.withLock { $0.first?.configuration } == Self.configuration)
            // The emulator took the token; its log (like the SDK's trace) never shows it.
            let logged = String(
                decoding: try #require(try bed.requests(session.id, "validate").first).body, as: UTF8.self)
            #expect(logged.contains(#""apple_pay_token":"<redacted>""#))
            #expect(!logged.contains(Data("sealed".utf8).base64EncodedString()))
            #expect(try bed.payments(session.id) == 1)
        }
    }

    @Test func aTokenWithoutItsPaymentDataIsRefused() async throws {
        try await withPurse { bed in
            let session = try await bed.session()
            let wallet = ScriptedWallet {
                ApplePayToken(paymentData: Data(), network: "Visa", type: "debit", transactionIdentifier: "tx1")
            }
            let checkout = try bed.checkout(
                session, plugins: registry(ApplePayModule(configuration: Self.configuration, presenter: wallet)))
            try await checkout.load()
            let error = try #require(
                try failure(try await firstOutcome(of: try checkout.paymentElement(for: "applepay-wallet")))
                    as? PaymentAPIError)
            #expect(error.status == 400)
            #expect(wallet.log.withLock { $0 } == ["sheet: failure"], "the sheet never says success for a refusal")
            #expect(error.fieldProblems.first?.pointer == "/items/0/payment_data/apple_pay_token")
            #expect(try bed.payments(session.id) == 0)
        }
    }

    /// The sheet stays up through `validate` and shows the verdict before the app hears it, so it never
    /// says "Done" for a payment Purse has not confirmed.
    @Test func theSheetShowsTheVerdictBeforeTheAppHearsIt() async throws {
        try await withPurse { bed in
            let wallet = ScriptedWallet {
                ApplePayToken(
                    paymentData: Data("sealed".utf8), network: "Visa", type: "debit", transactionIdentifier: "tx2")
            }
            let checkout = try bed.checkout(
                try await bed.session(),
                plugins: registry(ApplePayModule(configuration: Self.configuration, presenter: wallet)))
            try await checkout.load()
            let outcome = try await firstOutcome(of: try checkout.paymentElement(for: "applepay-wallet"))
            // The app hears the outcome only now; the sheet must have heard it already.
            let heard = if case .completed(.success) = outcome { "app: success" } else { "app: \(outcome)" }
            wallet.log.withLock { $0.append(heard) }
            #expect(wallet.log.withLock { $0 } == ["sheet: success", "app: success"])
        }
    }

    @Test func theLinuxPresenterYieldsATokenTheEmulatorAccepts() async throws {
        try await withPurse { bed in
            // Named explicitly: on Apple platforms the module's default is PassKit's sheet.
            let module = ApplePayModule(configuration: Self.configuration, presenter: WalletTokenPresenter())
            let checkout = try bed.checkout(try await bed.session(), plugins: registry(module))
            try await checkout.load()
            let outcome = try await firstOutcome(of: try checkout.paymentElement(for: "applepay-wallet"))
            guard case .completed(.success) = outcome else { throw UnexpectedOutcome(outcome: outcome) }
            let token = try await WalletTokenPresenter().authorize(
                ApplePayRequest(configuration: Self.configuration, amount: 1_000, currency: "EUR"))
            #expect(String(describing: token) == "ApplePayToken(Visa debit)")
            #expect(!String(reflecting: token).contains(token.paymentData.base64EncodedString()))
        }
    }

    @Test func withoutAMerchantIDTheElementHasNoUIAndSaysWhy() async throws {
        try await withPurse { bed in
            for module in [
                ApplePayModule(),
                ApplePayModule(configuration: ApplePayConfiguration(merchantIdentifier: "", merchantDisplayName: "x")),
            ] {
                let session = try await bed.session()
                let checkout = try bed.checkout(session, plugins: registry(module))
                try await checkout.load()
                let element = try checkout.paymentElement(for: "applepay-wallet")
                #expect(!element.isFulfilled)
                let error = try #require(try failure(try await firstOutcome(of: element)) as? PartnerUIError)
                #expect(error.code == .partnerUIError)
                #expect(error.message == "Apple Pay needs a merchant id: install ApplePayModule(configuration:)")
                #expect(error.method == "applepay-wallet")
                #expect(try bed.requests(session.id, "validate").isEmpty)
            }
        }
    }

    @Test(arguments: [PurseErrorCode.partnerUICancelled, .partnerUIUnavailable, .partnerUIFatalError])
    func aSheetFailureMovesTheMethodIntoItsPartnerState(_ code: PurseErrorCode) async throws {
        try await withPurse { bed in
            let session = try await bed.session()
            let partnerError = PartnerSDKError(reason: "sheet \(code.rawValue)")
            let wallet = ScriptedWallet {
                switch code {
                case .partnerUICancelled: throw PartnerUIFailure.cancelled
                case .partnerUIUnavailable: throw PartnerUIFailure.unavailable(partnerError)
                default: throw partnerError  // anything else the partner throws is fatal
                }
            }
            let checkout = try bed.checkout(
                session, plugins: registry(ApplePayModule(configuration: Self.configuration, presenter: wallet)))
            try await checkout.load()
            let events = checkout.pluginEvents
            let outcome = try await firstOutcome(of: try checkout.paymentElement(for: "applepay-wallet"))
            if code == .partnerUICancelled {
                guard case .canceled = outcome else { throw UnexpectedOutcome(outcome: outcome) }
            } else {
                let error = try #require(try failure(outcome) as? PartnerUIError)
                #expect(error.code == .partnerUIError)
                #expect(error.underlying as? PartnerSDKError == partnerError)
            }
            var iterator = events.makeAsyncIterator()
            let event = try #require(await iterator.next())
            #expect(event.methodID == "applepay-wallet")
            #expect(event.pluginID == "applepay")
            #expect(event.state?.code == code)
            let method = try #require(checkout.paymentMethods.first { $0.id == "applepay-wallet" })
            #expect(method.disabled?.code == code)
            #expect(method.disabled?.origin == .client)
            // Nothing was sent: the session is ready for another method.
            #expect(try bed.requests(session.id, "validate").isEmpty)
            #expect(checkout.sessionState == .ready)
            if code == .partnerUICancelled {
                // A closed sheet may be opened again; submitting clears the state, announced.
                try checkout.setPrimary("applepay-wallet")
                _ = try? await checkout.submitPayment()
                #expect(try #require(await iterator.next()).state == nil)
            } else {
                #expect(throws: PurseSessionError.self) { try checkout.setPrimary("applepay-wallet") }
            }
        }
    }
}
