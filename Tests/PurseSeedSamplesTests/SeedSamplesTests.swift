import EmulatorPurse
import Foundation
import PurseCheckout
import Testing

/// The seed samples compile with one import; these run them on real outcomes from the emulator, so
/// each does what the page says it does.
@Suite struct SeedSamplesTests {
    @Test @MainActor func catchByFamilyOnRealFailures() async throws {
        try await withSampleShop { shop in
            let (checkout, _) = try await shop.loadedCheckout()
            let screen = CheckoutScreen(checkout: checkout)
            // Nothing to pay with.
            try await screen.catchByFamily()
            // A card whose fields are not valid.
            let card = try #require(try checkout.paymentElement(for: "creditcard") as? CardElement)
            card.setNumber("4242 4242")
            try checkout.setPrimary("creditcard")
            try await screen.catchByFamily()
            #expect(screen.shown == ["highlightMissingAmount", "focusInvalidForm"])
        }
    }

    @Test @MainActor func aFailedOutcomeOfEachFamily() async throws {
        try await withSampleShop { shop in
            let (checkout, sessionID) = try await shop.loadedCheckout()
            let screen = CheckoutScreen(checkout: checkout)
            // A method whose partner module is not installed: METHOD_NOT_IMPLEMENTED on first submit.
            let paypal = try checkout.paymentElement(for: "paypal-wallet")
            let paypalOutcomes = paypal.outcomes
            paypal.submit()
            var paypalIterator = paypalOutcomes.makeAsyncIterator()
            screen.onOutcome(try #require(await paypalIterator.next()))

            // validate executes and every answer is lost: the outcome is unknown.
            try shop.loseEveryAnswer(sessionID)
            let card = try #require(try checkout.paymentElement(for: "creditcard") as? CardElement)
            card.setNumber("4242 4242 4242 4242")
            card.setExpiry(month: 12, year: 2099)
            card.setCVV("123")
            let outcomes = card.outcomes
            card.submit()
            var iterator = outcomes.makeAsyncIterator()
            let unknown = try #require(await iterator.next())
            screen.onOutcome(unknown)
            guard case .failed(let error) = unknown else { throw UnexpectedSampleOutcome() }
            // A cast at the top level matches nothing; the walk finds it.
            #expect(!(error is PaymentAPIError))
            #expect(outcomeUnknown(error))
            #expect(error.isOutcomeUnknown, "the SDK's walk is the guide's")
            screen.handleUnknown(error)

            // The session is blocked: a second submit.
            card.submit()
            screen.onOutcome(try #require(await iterator.next()))
            #expect(
                screen.shown == ["error METHOD_NOT_IMPLEMENTED", "stillProcessing", "stillProcessing"],
                "submitBlocked shows nothing")
            #expect(checkout.sessionState == .error)
        }
    }

    @Test @MainActor func aDeclineIsNotAFailure() async throws {
        try await withSampleShop { shop in
            let (checkout, sessionID) = try await shop.loadedCheckout()
            let screen = CheckoutScreen(checkout: checkout)
            let card = try #require(try checkout.paymentElement(for: "creditcard") as? CardElement)
            card.setNumber("4000 0000 0000 0002")
            card.setExpiry(month: 12, year: 2099)
            card.setCVV("123")
            let outcomes = card.outcomes
            card.submit()
            var iterator = outcomes.makeAsyncIterator()
            let outcome = try #require(await iterator.next())
            screen.onOutcome(outcome)
            #expect(screen.shown.isEmpty)
            guard case .completed(let status) = outcome else { throw UnexpectedSampleOutcome() }
            #expect(status != .success)
            #expect(checkout.sessionState == .submitted)
            #expect(try shop.server.pursePaymentCount(sessionID: sessionID) == 1)
            // A retry needs a new session: the spent one is submitBlocked.
            try await screen.catchByFamily()
            #expect(screen.shown == ["error SUBMIT_BLOCKED"])
        }
    }

    @Test @MainActor func anExpiredSessionAsksForANewOne() async throws {
        try await withSampleShop { shop in
            let (checkout, _) = try await shop.loadedCheckout()
            let screen = CheckoutScreen(checkout: checkout)
            let card = try #require(try checkout.paymentElement(for: "creditcard") as? CardElement)
            card.setNumber("4242 4242 4242 4242")
            card.setExpiry(month: 12, year: 2099)
            card.setCVV("123")
            try checkout.setPrimary("creditcard")
            // The API's clock passes expires_at: validate answers 410.
            let purse = try #require(shop.server.configuration.mounts.compactMap { $0.service as? PurseEmulator }.first)
            purse.clock.offsetSeconds = 7_200
            try await screen.catchByFamily()
            #expect(screen.shown == ["newSession"])
            #expect(checkout.sessionState == .expired)
        }
    }
}

struct UnexpectedSampleOutcome: Error {}
