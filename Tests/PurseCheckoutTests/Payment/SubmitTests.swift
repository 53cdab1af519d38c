import EmulatorPurse
import EmulatorTestSupport
import ErrorCore
import Foundation
import PurseTools
import SDKTransport
import Testing

@testable import PurseCheckout

/// Paying by card end to end: the token goes to `validate`, the outcome to the element's listener,
/// a decline is `.completed` and nothing is thrown.
@Suite struct SubmitTests {
    /// A submission that has started runs to its outcome even when the task that asked for it is
    /// cancelled while `validate` is on its way: a payment is never left half-known.
    @Test func cancellingTheCallerDoesNotStopAStartedSubmission() async throws {
        try await withPurse { bed in
            let gate = TestGate()
            let transport = ScriptedTransport(.hold(at: gate) { $0.url.path.hasSuffix("/validate") })
            let (checkout, _, session) = try await bed.cardCheckout(transport: transport)
            let caller = Task { try await checkout.submitPayment() }
            await gate.arrived.wait()
            caller.cancel()
            gate.open()
            guard case .completed(.success) = try await caller.value else {
                Issue.record("the cancelled caller did not get the payment's outcome")
                return
            }
            #expect(checkout.sessionState == .submitted)
            #expect(try bed.payments(session.id) == 1)
            #expect(try bed.requests(session.id, "validate").count == 1)
        }
    }

    @Test func payByCard() async throws {
        try await withPurse { bed in
            let (checkout, card, session) = try await bed.cardCheckout()
            let outcomes = card.outcomes
            let heard = Locked<[String]>([])
            card.onOutcome = { outcome in
                if case .completed(let status) = outcome { heard.withLock { $0.append(status.rawValue) } }
            }
            let outcome = try await checkout.submitPayment()
            guard case .completed(let status) = outcome else { throw UnexpectedOutcome(outcome: outcome) }
            #expect(status == .success)
            #expect(checkout.sessionState == .submitted)
            let result = try #require(checkout.paymentResult)
            #expect(result.code == "SUCCEEDED")
            #expect(result.paymentID?.hasPrefix("pay_") == true)
            #expect(try bed.payments(session.id) == 1)
            var iterator = outcomes.makeAsyncIterator()
            guard case .completed(.success) = await iterator.next() else {
                Issue.record("the element's stream did not hear the outcome")
                return
            }
            try await waitUntil { heard.withLock { $0 } == ["SUCCESS"] }

            // validate carried the token only, with a UUID Idempotency-Key.
            let validate = try #require(try bed.requests(session.id, "validate").first)
            let body = String(decoding: validate.body, as: UTF8.self)
            // The log masks the token itself (a token field); what matters is that it is all validate carried.
            #expect(body.contains(#""payment_data":{"card_token":"<redacted>"}"#))
            #expect(!body.contains("4242424242424242") && !body.contains("cvv") && !body.contains("\"number\""))
            let key = try #require(validate.headers.first { $0.name.lowercased() == "idempotency-key" }?.value)
            #expect(UUID(uuidString: key) != nil)
            #expect(validate.headers.contains { $0.name.lowercased() == "x-purse-sdk" && $0.value == "swift/0.1.0" })
            // The card is wiped: only the token, brand and last four digits are left.
            #expect(card.isTokenized)
            #expect(card.last4 == "4242")
            #expect(card.brand == .visa)
        }
    }

    @Test func aDeclineIsCompletedAndNothingIsThrown() async throws {
        try await withPurse { bed in
            let (checkout, card, session) = try await bed.cardCheckout(number: "4000 0000 0000 0002")
            let outcomes = card.outcomes
            card.submit()
            var iterator = outcomes.makeAsyncIterator()
            let outcome = try #require(await iterator.next())
            guard case .completed(let status) = outcome else { throw UnexpectedOutcome(outcome: outcome) }
            #expect(status == .failed)
            #expect(checkout.sessionState == .submitted)
            #expect(checkout.paymentResult?.code == "INSUFFICIENT_FUNDS")
            #expect(try bed.payments(session.id) == 1)
            // The session is spent: a retry needs a new session.
            await #expect(throws: PurseCheckoutError.self) { try await checkout.submitPayment() }
        }
    }

    @Test func anUncertainPaymentIsSettledFromTheStatus() async throws {
        try await withPurse(settleDelay: .milliseconds(1)) { bed in
            // Each wait lasts at least 5 ms of real time, longer than the emulator takes to settle.
            let clock = SDKClock(sleep: { _ in try await Task.sleep(for: .milliseconds(5)) })
            let (checkout, _, session) = try await bed.cardCheckout(number: "4000 0000 0000 0119", clock: clock)
            let outcome = try await checkout.submitPayment()
            guard case .completed(let status) = outcome else { throw UnexpectedOutcome(outcome: outcome) }
            #expect(status == .success)
            #expect(checkout.paymentResult?.status == .success)
            #expect(try bed.payments(session.id) == 1)
            #expect(try bed.requests(session.id, "status").count == 1)
            #expect(try bed.requests(session.id, "validate").count == 1)
        }
    }

    @Test func nothingFulfilledAndAnElementNotFulfilled() async throws {
        try await withPurse { bed in
            let session = try await bed.session()
            let checkout = try bed.checkout(session)
            _ = try await checkout.load()
            do {
                _ = try await checkout.submitPayment()
                Issue.record("submitted with nothing to pay with")
            } catch let error as PurseCheckoutError {
                #expect(error.code == .paymentNotFulfilledOnSubmit)
            }
            let card = try #require(try checkout.paymentElement(for: "creditcard") as? CardElement)
            card.setNumber("4242 4242 4242 4241")
            card.setExpiry(month: 12, year: 2099)
            card.setCVV("12")
            let outcomes = card.outcomes
            card.submit()
            var iterator = outcomes.makeAsyncIterator()
            let error = try failure(try #require(await iterator.next()))
            #expect(error.code == .elementNotFulfilled)
            #expect(checkout.sessionState == .ready)
            #expect(checkout.primaryMethod?.id == "creditcard")
            #expect(try bed.requests(session.id, "validate").isEmpty)
            #expect(try bed.server.requests(to: "/purse/vault").isEmpty)
        }
    }

    @Test func aSecondSubmitIsBlockedWhileSubmittingAndOnceSpent() async throws {
        try await withPurse { bed in
            let gate = TestGate()
            let transport = ScriptedTransport(.hold(at: gate) { $0.url.path.hasSuffix("/validate") })
            let (checkout, card, session) = try await bed.cardCheckout(transport: transport)
            let first = Task { try await checkout.submitPayment() }
            await gate.arrived.wait()
            let outcomes = card.outcomes
            card.submit()
            var iterator = outcomes.makeAsyncIterator()
            let blocked = try failure(try #require(await iterator.next()))
            #expect(blocked.code == .submitBlocked)
            gate.open()
            _ = try await first.value
            await #expect(throws: PurseCheckoutError.self) { try await checkout.submitPayment() }
            #expect(try bed.payments(session.id) == 1)
            #expect(try bed.requests(session.id, "validate").count == 1)
        }
    }

    @Test func aRefusedCardGoesBackToReady() async throws {
        try await withPurse { bed in
            let (checkout, card, session) = try await bed.cardCheckout()
            try bed.server.addFault(
                .status(400, error: "INVALID_CARD"), method: "POST", pathPrefix: "/purse/vault", count: 1)
            let outcome = await Task { await checkout.submission(of: nil) }.value
            let error = try #require(try failure(outcome) as? PaymentAPIError)
            #expect(error.status == 400)
            #expect(error.code == .invalidCard)
            #expect(error.path == "/vault/v1/cards")
            #expect(checkout.sessionState == .ready)
            #expect(!card.isTokenized)
            #expect(card.isFulfilled, "a refused card is kept for the shopper to fix")
            #expect(try bed.requests(session.id, "validate").isEmpty)
        }
    }
}
