import EmulatorPurse
import EmulatorTestSupport
import ErrorCore
import Foundation
import PurseTools
import SDKTransport
import Testing

@testable import PurseCheckout

/// `load()` is the InitGuard: one `/init` for concurrent callers, transient failures retried within
/// the policy's budget, never a 4xx.
@Suite struct LoadTests {
    @Test func twentyConcurrentCallersMakeOneInitRequest() async throws {
        try await withPurse { bed in
            let session = try await bed.session()
            let checkout = try bed.checkout(session)
            let lists = try await withThrowingTaskGroup(of: [PaymentMethod].self) { group in
                for _ in 0..<20 { group.addTask { try await checkout.load() } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(lists.count == 20)
            #expect(Set(lists.map { $0.map(\.id) }).count == 1)
            #expect(try bed.requests(session.id, "init").count == 1)
            #expect(checkout.sessionState == .ready)
            // Loaded: later calls answer from memory.
            _ = try await checkout.load()
            #expect(try bed.requests(session.id, "init").count == 1)
        }
    }

    @Test func a503ThenA200IsReady() async throws {
        try await withPurse { bed in
            let session = try await bed.session()
            let waits = Locked<[Duration]>([])
            let checkout = try bed.checkout(session, clock: .instant(recording: waits))
            try bed.fault(.status(503, error: "INTERNAL_ERROR"), session.id, "init", count: 1)
            let methods = try await checkout.load()
            #expect(!methods.isEmpty)
            #expect(checkout.sessionState == .ready)
            #expect(try bed.requests(session.id, "init").map(\.status) == [503, 200])
            // One wait, as BackoffPolicy.purseInit computes it for the first retry (equal jitter).
            let first = try #require(waits.withLock { $0 }.first)
            #expect(waits.withLock { $0.count } == 1)
            #expect(first >= .milliseconds(100) && first <= .milliseconds(200))
        }
    }

    @Test func anAnswerThatNeverCameIsRetriedToo() async throws {
        try await withPurse { bed in
            let session = try await bed.session()
            let checkout = try bed.checkout(session)
            try bed.fault(.dropBeforeResponse, session.id, "init", count: 2)
            _ = try await checkout.load()
            #expect(checkout.sessionState == .ready)
            #expect(try bed.requests(session.id, "init").count == 3)
        }
    }

    @Test func a4xxIsNeverRetriedAndLoadingAgainWorks() async throws {
        try await withPurse { bed in
            let session = try await bed.session()
            let checkout = try bed.checkout(session)
            try bed.fault(.status(429, error: "RATE_LIMITED", retryAfter: 1), session.id, "init", count: 1)
            do {
                _ = try await checkout.load()
                Issue.record("a 429 was retried into success")
            } catch let error as PaymentAPIError {
                #expect(error.status == 429)
                #expect(error.code == .rateLimited)
                #expect(!error.isRetryable)
            }
            #expect(try bed.requests(session.id, "init").count == 1)
            #expect(checkout.sessionState == .error)
            #expect(checkout.paymentMethods.isEmpty)
            // The app reacts to the state; loading again asks again.
            _ = try await checkout.load()
            #expect(checkout.sessionState == .ready)
        }
    }

    @Test func theBudgetIsBounded() async throws {
        try await withPurse { bed in
            let session = try await bed.session()
            let checkout = try bed.checkout(session)
            try bed.fault(.status(503, error: "INTERNAL_ERROR"), session.id, "init", count: nil)
            await #expect(throws: PaymentAPIError.self) { try await checkout.load() }
            #expect(try bed.requests(session.id, "init").count == 1 + BackoffPolicy.purseInit.maxRetries)
            #expect(checkout.sessionState == .error)
        }
    }

    @Test func aRequestThatNeverLeftIsNotRetried() async throws {
        try await withPurse { bed in
            let session = try await bed.session()
            let transport = ScriptedTransport(.fail { $0.url.path.hasSuffix("/init") })
            let checkout = try bed.checkout(session, transport: transport)
            do {
                _ = try await checkout.load()
                Issue.record("the load succeeded")
            } catch let error as PaymentAPIError {
                #expect(!error.requestSent)
                #expect(!error.isRetryable)
            }
            #expect(transport.failures == 1)
            #expect(try bed.requests(session.id, "init").isEmpty)
        }
    }

    @Test func a410OnInitIsExpired() async throws {
        try await withPurse { bed in
            let session = try await bed.session()
            let checkout = try bed.checkout(session)
            bed.service.clock.offsetSeconds = 7_200
            do {
                _ = try await checkout.load()
                Issue.record("an expired session loaded")
            } catch let error as PaymentAPIError {
                #expect(error.status == 410)
                #expect(error.isSessionTerminal)
            }
            #expect(checkout.sessionState == .expired)
            do {
                _ = try await checkout.load()
                Issue.record("an expired session loaded again")
            } catch let error as PurseCheckoutError {
                #expect(error.code == .expiredSession)
            }
        }
    }

    @Test func theClockExpiresAnIdleOrReadySession() async throws {
        try await withPurse { bed in
            let session = try await bed.session()
            let offset = Locked<Duration>(.zero)
            let start = ContinuousClock.now
            let clock = SDKClock(now: { start + offset.withLock { $0 } }, sleep: { _ in })
            let checkout = try bed.checkout(session, clock: clock)
            _ = try await checkout.load()
            #expect(checkout.sessionState == .ready)
            offset.withLock { $0 = .seconds(3_601) }
            #expect(checkout.sessionState == .expired)
            #expect(throws: PurseCheckoutError.self) { try checkout.setPrimary("creditcard") }
            #expect(try bed.requests(session.id, "init").count == 1)
        }
    }

    /// "Any → expired": a blocked (`error`) session whose clock runs out is expired too, so the app stops
    /// offering it; a submitted one keeps showing its payment.
    @Test func theClockExpiresABlockedSessionButNotAPaidOne() async throws {
        try await withPurse { bed in
            let offset = Locked<Duration>(.zero)
            let start = ContinuousClock.now
            let clock = SDKClock(now: { start + offset.withLock { $0 } }, sleep: { _ in })
            let blocked = try await bed.session()
            let checkout = try bed.checkout(blocked, clock: clock)
            try bed.fault(.status(429, error: "RATE_LIMITED", retryAfter: 1), blocked.id, "init", count: 1)
            _ = try? await checkout.load()
            #expect(checkout.sessionState == .error)

            let (paidCheckout, _, _) = try await bed.cardCheckout(clock: clock)
            _ = try await paidCheckout.submitPayment()
            #expect(paidCheckout.sessionState == .submitted)

            offset.withLock { $0 = .seconds(3_601) }
            #expect(checkout.sessionState == .expired)
            #expect(paidCheckout.sessionState == .submitted)
        }
    }

    @Test func setSessionReplacesTheSessionAndTerminateEndsIt() async throws {
        try await withPurse { bed in
            let first = try await bed.session()
            let second = try await bed.session(amount: 1_000)
            let checkout = try bed.checkout(first)
            _ = try await checkout.load()
            _ = try checkout.paymentElement(for: "creditcard")
            try checkout.setPrimary("creditcard")
            try checkout.setSession(widgetData: second.widgetData)
            #expect(checkout.sessionID == second.id)
            #expect(checkout.sessionState == .idle)
            #expect(checkout.paymentMethods.isEmpty)
            #expect(checkout.primaryMethod == nil)
            _ = try await checkout.load()
            #expect(checkout.amount == 1_000)
            #expect(try bed.requests(second.id, "init").count == 1)

            checkout.terminate()
            #expect(checkout.sessionState == .terminated)
            #expect(throws: PurseSessionError.notReady(state: .terminated)) {
                _ = try checkout.paymentElement(for: "creditcard")
            }
        }
    }
}
