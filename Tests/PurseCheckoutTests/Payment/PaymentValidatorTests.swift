import EmulatorPurse
import EmulatorTestSupport
import ErrorCore
import Foundation
import PurseTools
import SDKTransport
import Testing

@testable import PurseCheckout

/// One key and one frozen body per submission, replayed on a 5xx, a 409 in use or a lost answer;
/// then the status; an outcome still unknown is reported so and blocks the session.
@Suite struct PaymentValidatorTests {
    /// The `Idempotency-Key` and body of each logged `validate`.
    static func attempts(_ bed: PurseTestBed, _ sessionID: String) throws -> [(key: String, body: Data, status: Int?)] {
        try bed.requests(sessionID, "validate").map { request in
            let key = request.header("Idempotency-Key") ?? ""
            return (key, request.body, request.status)
        }
    }

    @Test func aLostAnswerIsReplayedWithTheSameKeyAndBytes() async throws {
        try await withPurse { bed in
            let waits = Locked<[Duration]>([])
            let (checkout, _, session) = try await bed.cardCheckout(clock: .instant(recording: waits))
            try bed.fault(.executeThenDrop, session.id, "validate")
            let outcome = try await checkout.submitPayment()
            guard case .completed(.success) = outcome else { throw UnexpectedOutcome(outcome: outcome) }
            let attempts = try Self.attempts(bed, session.id)
            #expect(attempts.count == 2)
            #expect(Set(attempts.map(\.key)).count == 1)
            #expect(attempts[0].body == attempts[1].body)
            #expect(try bed.payments(session.id) == 1)
            #expect(waits.withLock { $0.count } == 1)
            #expect(checkout.sessionState == .submitted)
        }
    }

    @Test func a5xxIsReplayed() async throws {
        try await withPurse { bed in
            let (checkout, _, session) = try await bed.cardCheckout()
            try bed.fault(.status(503, error: "PARTNER_UNAVAILABLE"), session.id, "validate", count: 2)
            let outcome = try await checkout.submitPayment()
            guard case .completed(.success) = outcome else { throw UnexpectedOutcome(outcome: outcome) }
            #expect(try Self.attempts(bed, session.id).map(\.status) == [503, 503, 200])
            #expect(try bed.payments(session.id) == 1)
        }
    }

    @Test func a409InUseWaitsItsRetryAfter() async throws {
        try await withPurse { bed in
            let waits = Locked<[Duration]>([])
            let (checkout, _, session) = try await bed.cardCheckout(clock: .instant(recording: waits))
            try bed.fault(
                .status(409, error: "IDEMPOTENCY_KEY_IN_USE", retryAfter: 1), session.id, "validate", count: 1)
            let outcome = try await checkout.submitPayment()
            guard case .completed(.success) = outcome else { throw UnexpectedOutcome(outcome: outcome) }
            #expect(waits.withLock { $0 }.count == 1)
            #expect(waits.withLock { $0 }.first.map { $0 >= .seconds(1) } == true)
            #expect(try Self.attempts(bed, session.id).map(\.status) == [409, 200])
        }
    }

    @Test func aKeyStillExecutingIsReplayedUntilItsStoredAnswer() async throws {
        try await withPurse { bed in
            // The first attempt times out while the server holds the claimed key for 15 s; the first replay
            // follows at once and meets 409 in use; the wait its Retry-After asks for lasts until the
            // server is done (a state, not a duration); the next replay gets the stored answer.
            let session = try await bed.session()
            let sleeps = Locked(0)
            let clock = SDKClock(sleep: { _ in
                guard
                    sleeps.withLock({ count in
                        count += 1
                        return count > 1
                    })
                else { return }
                try await waitUntil { try bed.payments(session.id) == 1 }
            })
            let transport = bed.validateTimingOut(times: 1)
            let checkout = try bed.checkout(session, clock: clock, transport: transport)
            try await checkout.load()
            let card = try #require(try checkout.paymentElement(for: "creditcard") as? CardElement)
            card.setNumber("4242424242424242")
            card.setExpiry(month: 12, year: 2099)
            card.setCVV("123")
            try checkout.setPrimary("creditcard")
            try bed.fault(PurseTestBed.validateHeldInFlight, session.id, "validate")

            let outcome = try await checkout.submitPayment()
            guard case .completed(.success) = outcome else { throw UnexpectedOutcome(outcome: outcome) }
            let attempts = try Self.attempts(bed, session.id)
            #expect(attempts.map(\.status) == [200, 409, 200])
            #expect(Set(attempts.map(\.key)).count == 1)
            #expect(Set(attempts.map(\.body)).count == 1)
            #expect(try bed.payments(session.id) == 1)
            #expect(sleeps.withLock { $0 } == 2)
        }
    }

    @Test func everyAnswerLostIsResolvedFromTheStatus() async throws {
        try await withPurse { bed in
            let (checkout, _, session) = try await bed.cardCheckout()
            try bed.fault(.executeThenDrop, session.id, "validate", count: nil)
            let outcome = try await checkout.submitPayment()
            guard case .completed(.success) = outcome else { throw UnexpectedOutcome(outcome: outcome) }
            #expect(try Self.attempts(bed, session.id).count == 1 + BackoffPolicy.purseValidate.maxRetries)
            #expect(try bed.requests(session.id, "status").count == 1)
            #expect(try bed.payments(session.id) == 1)
            #expect(checkout.sessionState == .submitted)
            #expect(checkout.paymentResult?.code == "SUCCEEDED")
        }
    }

    @Test func anOutcomeStillUnknownBlocksTheSessionUntilTheStatusKnows() async throws {
        try await withPurse { bed in
            let transport = bed.validateTimingOut()
            let (checkout, card, session) = try await bed.cardCheckout(transport: transport)
            // The server holds the key; every replay meets 409 in use; the status says executing.
            try bed.fault(PurseTestBed.validateHeldInFlight, session.id, "validate")
            let outcomes = card.outcomes
            card.submit()
            var iterator = outcomes.makeAsyncIterator()
            let error = try failure(try #require(await iterator.next()))
            let checkoutError = try #require(error as? PurseCheckoutError)
            guard case .validateFailed(let sessionID, let underlying) = checkoutError else { throw checkoutError }
            #expect(sessionID == session.id)
            let apiError = try #require(underlying as? PaymentAPIError)
            #expect(apiError.outcomeUnknown)
            #expect(apiError.status == nil && apiError.requestSent)
            #expect(error.isOutcomeUnknown)
            #expect(checkout.sessionState == .error)
            #expect(try bed.requests(session.id, "status").count == 1)
            // Blocked: a second submit is refused without a request.
            let validates = try Self.attempts(bed, session.id).count
            card.submit()
            let second = try failure(try #require(await iterator.next()))
            #expect(second.code == .submitBlocked)
            #expect(try Self.attempts(bed, session.id).count == validates)
            // Once the server is done, asking again finds the payment.
            try await waitUntil { try bed.payments(session.id) == 1 }
            _ = try await checkout.load()
            #expect(checkout.sessionState == .submitted)
            #expect(checkout.paymentResult?.status == .success)
        }
    }

    @Test func aRequestThatNeverLeftGoesBackToReadyAndIsNotRetried() async throws {
        try await withPurse { bed in
            let transport = ScriptedTransport(.fail(times: 1) { $0.url.path.hasSuffix("/validate") })
            let (checkout, _, session) = try await bed.cardCheckout(transport: transport)
            do {
                _ = try await checkout.submitPayment()
                Issue.record("submitted through a refused connection")
            } catch let error as PurseCheckoutError {
                guard case .validateFailed(_, let underlying) = error else { throw error }
                let apiError = try #require(underlying as? PaymentAPIError)
                #expect(!apiError.requestSent)
                #expect(!apiError.outcomeUnknown)
                #expect(!error.isOutcomeUnknown)
            }
            #expect(transport.failures == 1)
            #expect(checkout.sessionState == .ready)
            #expect(try bed.payments(session.id) == 0)
            // Ready again: the same card (its token kept) pays.
            let outcome = try await checkout.submitPayment()
            guard case .completed(.success) = outcome else { throw UnexpectedOutcome(outcome: outcome) }
            #expect(try bed.server.requests(to: "/purse/vault").count == 1)
        }
    }

    @Test func a4xxIsFinalAndChargesNothing() async throws {
        try await withPurse { bed in
            let (checkout, _, session) = try await bed.cardCheckout()
            try await bed.disable("creditcard", code: "METHOD_UNSTABLE")
            do {
                _ = try await checkout.submitPayment()
                Issue.record("a disabled method paid")
            } catch let error as PaymentAPIError {
                #expect(error.status == 422)
                #expect(error.code == .usageLimitError)
                #expect(!error.isRetryable)
            }
            #expect(try Self.attempts(bed, session.id).count == 1)
            #expect(checkout.sessionState == .ready)
            #expect(try bed.payments(session.id) == 0)
        }
    }

    @Test func a4xxAfterALostAnswerIsResolvedFromTheStatus() async throws {
        try await withPurse { bed in
            // The answer to the first attempt is lost after the payment; the replay meets a 429 from the
            // way there, which never reached the key: it proves nothing, the status decides.
            let (checkout, _, session) = try await bed.cardCheckout()
            try bed.fault(.executeThenDrop, session.id, "validate")
            try bed.fault(.status(429, error: "RATE_LIMITED"), session.id, "validate")
            let outcome = try await checkout.submitPayment()
            guard case .completed(.success) = outcome else { throw UnexpectedOutcome(outcome: outcome) }
            let attempts = try Self.attempts(bed, session.id)
            #expect(attempts.count == 2)
            #expect(attempts.last?.status == 429)
            #expect(Set(attempts.map(\.key)).count == 1)
            #expect(try bed.requests(session.id, "status").count == 1)
            #expect(try bed.payments(session.id) == 1)
            #expect(checkout.sessionState == .submitted)
        }
    }

    @Test func a408IsALostAnswerNotARefusal() async throws {
        try await withPurse { bed in
            // A transport that resent a request on its own over a fresh connection hides whether an
            // earlier copy executed: the replay finds out.
            let (checkout, _, session) = try await bed.cardCheckout()
            try bed.fault(.status(408, error: "REQUEST_TIMEOUT"), session.id, "validate")
            let outcome = try await checkout.submitPayment()
            guard case .completed(.success) = outcome else { throw UnexpectedOutcome(outcome: outcome) }
            #expect(try Self.attempts(bed, session.id).map(\.status) == [408, 200])
            #expect(try bed.payments(session.id) == 1)
        }
    }

    @Test func a4xxAfter5xxAnswersWithNoTraceOfTheKeyIsNotExecuted() async throws {
        try await withPurse { bed in
            let (checkout, _, session) = try await bed.cardCheckout()
            try bed.fault(.status(503, error: "PARTNER_UNAVAILABLE"), session.id, "validate")
            try bed.fault(.status(429, error: "RATE_LIMITED"), session.id, "validate")
            do {
                _ = try await checkout.submitPayment()
                Issue.record("paid through a 503 and a 429")
            } catch let error as PaymentAPIError {
                #expect(error.status == 429)
            }
            #expect(try Self.attempts(bed, session.id).map(\.status) == [503, 429])
            #expect(try bed.requests(session.id, "status").count == 1)
            #expect(checkout.sessionState == .ready)
            #expect(try bed.payments(session.id) == 0)
        }
    }

    @Test func only5xxAnswersAndNoTraceOfTheKeyIsNotExecuted() async throws {
        try await withPurse { bed in
            let (checkout, _, session) = try await bed.cardCheckout()
            try bed.fault(.status(502, error: "INTERNAL_ERROR"), session.id, "validate", count: nil)
            do {
                _ = try await checkout.submitPayment()
                Issue.record("paid through 502s")
            } catch let error as PaymentAPIError {
                #expect(error.status == 502)
                #expect(error.isRetryable)
                #expect(!error.outcomeUnknown)
            }
            #expect(try Self.attempts(bed, session.id).count == 1 + BackoffPolicy.purseValidate.maxRetries)
            #expect(try bed.requests(session.id, "status").count == 1)
            #expect(checkout.sessionState == .ready)
            #expect(try bed.payments(session.id) == 0)
        }
    }

    @Test func a410OnValidateExpiresTheSession() async throws {
        try await withPurse { bed in
            let (checkout, _, session) = try await bed.cardCheckout()
            bed.service.clock.offsetSeconds = 7_200
            do {
                _ = try await checkout.submitPayment()
                Issue.record("an expired session paid")
            } catch let error as PaymentAPIError {
                #expect(error.status == 410)
                #expect(error.isSessionTerminal)
            }
            #expect(checkout.sessionState == .expired)
            #expect(try bed.payments(session.id) == 0)
        }
    }

    @Test func anotherKeyOnAPaidSessionIsSessionAlreadySubmitted() async throws {
        try await withPurse { bed in
            // Two checkouts on one session (two devices): the second one's new key meets the first payment.
            let (first, _, session) = try await bed.cardCheckout()
            _ = try await first.submitPayment()
            let second = try bed.checkout(session)
            _ = try await second.load()
            #expect(second.sessionState == .submitted, "the status shows the payment before submit is offered")
            #expect(second.paymentResult?.code == "SUCCEEDED")
            #expect(try bed.payments(session.id) == 1)
        }
    }
}
