import EmulatorTestSupport
import ErrorCore
import Foundation
import Observation
import PurseTools
import SDKTransport
import Testing

@testable import PurseCheckout

/// `sessionState` is observable three ways: an `AsyncStream`, a listener, and `@Observable` state for
/// SwiftUI; all see the same transitions in order.
@Suite struct ObservationTests {
    @Test func theStreamAndTheListenerSeeEveryTransitionInOrder() async throws {
        try await withPurse { bed in
            let session = try await bed.session()
            let checkout = try bed.checkout(session)
            let states = checkout.sessionStates
            let heard = Locked<[SessionState]>([])
            checkout.onSessionStateChange = { state in heard.withLock { $0.append(state) } }

            _ = try await checkout.load()
            let card = try #require(try checkout.paymentElement(for: "creditcard") as? CardElement)
            card.setNumber("4242424242424242")
            card.setExpiry(month: 12, year: 2099)
            card.setCVV("123")
            try checkout.setPrimary("creditcard")
            _ = try await checkout.submitPayment()

            var seen: [SessionState] = []
            for await state in states {
                seen.append(state)
                if state == .submitted { break }
            }
            #expect(seen == [.idle, .ready, .submitting, .submitted])
            try await waitUntil { heard.withLock { $0 } == [.ready, .submitting, .submitted] }
            // Replacing the listener stops the old one.
            let replaced = Locked<[SessionState]>([])
            checkout.onSessionStateChange = { state in replaced.withLock { $0.append(state) } }
            checkout.terminate()
            try await waitUntil { replaced.withLock { $0 } == [.terminated] }
            #expect(heard.withLock { $0 } == [.ready, .submitting, .submitted])
        }
    }

    @Test @MainActor func observableStateFollowsTheCheckout() async throws {
        try await withPurse { bed in
            let session = try await bed.session()
            let checkout = try bed.checkout(session)
            let state = PurseCheckoutState(checkout: checkout)
            #expect(state.sessionState == .idle)
            #expect(state.paymentMethods.isEmpty)

            let changed = TestSignal()
            withObservationTracking {
                _ = state.sessionState
            } onChange: {
                changed.fire()
            }
            _ = try await checkout.load()
            await changed.wait()
            try await waitUntil { state.sessionState == .ready }
            #expect(state.paymentMethods.map(\.id) == checkout.paymentMethods.map(\.id))

            let primary = TestSignal()
            withObservationTracking {
                _ = state.primaryMethod
            } onChange: {
                primary.fire()
            }
            try checkout.setPrimary("creditcard")
            await primary.wait()
            try await waitUntil { state.primaryMethod?.id == "creditcard" }
        }
    }
}
