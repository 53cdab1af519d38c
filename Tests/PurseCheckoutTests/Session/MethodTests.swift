import EmulatorPurse
import EmulatorTestSupport
import ErrorCore
import Foundation
import PurseTools
import SDKTransport
import Testing

@testable import PurseCheckout

/// The methods come from `/init` with their server states, client states move with the session,
/// `setPrimary` throws synchronously, and a method that can never render gets an element with no UI.
@Suite struct MethodTests {
    @Test func methodsComeFromInitWithTheirServerStates() async throws {
        try await withPurse { bed in
            try await bed.disable("applepay-wallet", code: "METHOD_UNSTABLE")
            // 1 000 is below Klarna's minimum (3 500).
            let checkout = try bed.checkout(try await bed.session(amount: 1_000), disabledMethods: ["paypal-wallet"])
            #expect(checkout.paymentMethods.isEmpty)
            let methods = try await checkout.load()
            #expect(methods.map(\.id) == ["creditcard", "klarna-paylater", "applepay-wallet", "illicado-giftcard"])
            let byID = Dictionary(uniqueKeysWithValues: methods.map { ($0.id, $0) })
            #expect(byID["creditcard"]?.disabled == nil)
            #expect(byID["creditcard"]?.integrationType == .hostedFields)
            #expect(byID["klarna-paylater"]?.disabled?.code == .minAmountNotMet)
            #expect(byID["klarna-paylater"]?.disabled?.origin == .server)
            #expect(byID["klarna-paylater"]?.disabled?.details?["min_amount"] == 3_500)
            #expect(byID["klarna-paylater"]?.requiresPlugin == "klarna")
            #expect(byID["applepay-wallet"]?.disabled?.code == .methodUnstable)
            #expect(byID["illicado-giftcard"]?.isSecondary == true)
        }
    }

    @Test func clientStatesMoveWithTheSession() async throws {
        try await withPurse { bed in
            // validate waits at the gate while the state is read.
            let gate = TestGate()
            let transport = ScriptedTransport(.hold(at: gate) { $0.url.path.hasSuffix("/validate") })
            let (checkout, _, _) = try await bed.cardCheckout(transport: transport)
            #expect(checkout.paymentMethods.allSatisfy { $0.disabled?.origin != .client })
            let submitting = Task { try await checkout.submitPayment() }
            await gate.arrived.wait()
            #expect(checkout.sessionState == .submitting)
            #expect(checkout.paymentMethods.allSatisfy { $0.disabled?.code == .submitting })
            #expect(checkout.primaryMethod?.id == "creditcard")
            gate.open()
            _ = try await submitting.value
            #expect(checkout.sessionState == .submitted)
            #expect(checkout.paymentMethods.allSatisfy { $0.disabled?.code == .paymentFulfilled })
        }
    }

    @Test func setPrimaryThrowsSynchronously() async throws {
        try await withPurse { bed in
            let checkout = try bed.checkout(try await bed.session(amount: 1_000))
            #expect(throws: PurseSessionError.notReady(state: .idle)) { try checkout.setPrimary("creditcard") }
            _ = try await checkout.load()
            #expect(throws: PurseSessionError.methodNotFound(method: "bitcoin")) { try checkout.setPrimary("bitcoin") }
            #expect(throws: PurseSessionError.notAPrimaryMethod(method: "illicado-giftcard")) {
                try checkout.setPrimary("illicado-giftcard")
            }
            do {
                try checkout.setPrimary("klarna-paylater")
                Issue.record("a disabled method became primary")
            } catch let error as PurseSessionError {
                #expect(error.code == .minAmountNotMet)
                guard case .methodDisabled(let method, let state) = error else { throw error }
                #expect(method == "klarna-paylater")
                #expect(state.origin == .server)
            }
            #expect(checkout.primaryMethod == nil)
            try checkout.setPrimary("creditcard")
            #expect(checkout.primaryMethod?.id == "creditcard")
            #expect(checkout.paymentMethods.filter(\.isPrimary).map(\.id) == ["creditcard"])
        }
    }

    @Test func aMethodWhosePluginIsNotInstalledHasAnElementThatReportsOnSubmit() async throws {
        try await withPurse { bed in
            let session = try await bed.session()
            let checkout = try bed.checkout(session)
            #expect(throws: PurseSessionError.notReady(state: .idle)) {
                _ = try checkout.paymentElement(for: "paypal-wallet")
            }
            _ = try await checkout.load()
            let paypal = try checkout.paymentElement(for: "paypal-wallet")
            #expect(!(paypal is CardElement))
            #expect(!paypal.isFulfilled)
            #expect(try checkout.paymentElement(for: "paypal-wallet") === paypal)
            let outcomes = paypal.outcomes
            paypal.submit()
            var iterator = outcomes.makeAsyncIterator()
            let error = try failure(try #require(await iterator.next()))
            let checkoutError = try #require(error as? PurseCheckoutError)
            #expect(checkoutError.code == .methodNotImplemented)
            #expect(
                checkoutError.message
                    == "no plugin registered for paypal-wallet — install the partner product that provides it")
            guard case .noPluginRegistered(let method) = checkoutError else { throw checkoutError }
            #expect(method == "paypal-wallet")
            // Nothing was sent, and the session is still ready.
            #expect(try bed.requests(session.id, "validate").isEmpty)
            #expect(checkout.sessionState == .ready)

            let giftCard = try checkout.paymentElement(for: "illicado-giftcard")
            let giftOutcomes = giftCard.outcomes
            giftCard.submit()
            var giftIterator = giftOutcomes.makeAsyncIterator()
            let giftError = try failure(try #require(await giftIterator.next()))
            #expect(giftError.code == .notAPrimaryMethod)
            #expect(throws: PurseSessionError.methodNotFound(method: "nope")) {
                _ = try checkout.paymentElement(for: "nope")
            }
        }
    }
}
