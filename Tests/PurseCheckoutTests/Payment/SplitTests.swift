import EmulatorPurse
import ErrorCore
import Foundation
import PurseCheckout
import PurseTools
import Testing

/// A gift card initialised through `items/init` joins the split with `applySecondary`; the methods'
/// states follow the rest to pay in the five behaviours, and `validate` sends every item.
@Suite struct SplitTests {
    /// Test gift cards hold their last six digits, in minor units.
    static let card15k = "6000 0000 0001 5000"
    static let card150k = "6000 0000 0015 0000"

    func state(_ checkout: PurseHeadlessCheckout, _ id: String) -> DisabledState? {
        checkout.paymentMethods.first { $0.id == id }?.disabled
    }

    @Test func aGiftCardIsInitialisedWithItsBalance() async throws {
        try await withPurse { bed in
            let checkout = try bed.checkout(try await bed.session(amount: 10_000))
            try await checkout.load()
            let item = try await checkout.initializeSecondary(
                "illicado-giftcard", cardNumber: Self.card15k, pin: "1234")
            #expect(item.balance == 15_000)
            #expect(item.status == .active)
            #expect(item.methodID == "illicado-giftcard")
            #expect(item.currency == checkout.currency)
            let empty = try await checkout.initializeSecondary(
                "illicado-giftcard", cardNumber: "6000 0000 0000 0000", pin: "1234")
            #expect(empty.status == .empty)
            await #expect(throws: PaymentAPIError.self) {
                _ = try await checkout.initializeSecondary("illicado-giftcard", cardNumber: Self.card15k, pin: "12")
            }
            await #expect(throws: PurseSessionError.methodNotFound(method: "creditcard")) {
                _ = try await checkout.initializeSecondary("creditcard", cardNumber: Self.card15k, pin: "1234")
            }
        }
    }

    /// A card's balance is reserved per session: initialised twice (two requests, two idempotency keys),
    /// the second item holds only what the first left, so a 150.00 card never pays 300.00.
    @Test func aGiftCardInitialisedTwiceCarriesItsBalanceOnce() async throws {
        try await withPurse { bed in
            let session = try await bed.session(amount: 30_000)
            let checkout = try bed.checkout(session)
            try await checkout.load()
            let first = try await checkout.initializeSecondary(
                "illicado-giftcard", cardNumber: Self.card150k, pin: "1234")
            let second = try await checkout.initializeSecondary(
                "illicado-giftcard", cardNumber: Self.card150k, pin: "1234")
            #expect(first.balance == 150_000)
            #expect(second.balance == 0)
            #expect(second.status == .empty)
            try checkout.applySecondary(first, amount: 15_000)
            #expect(throws: PurseCheckoutError.self) { try checkout.applySecondary(second, amount: 15_000) }
            // Another session has the whole card again.
            let other = try bed.checkout(try await bed.session(amount: 30_000))
            try await other.load()
            let fresh = try await other.initializeSecondary("illicado-giftcard", cardNumber: Self.card150k, pin: "1234")
            #expect(fresh.balance == 150_000)
        }
    }

    @Test func anAmountTheItemCannotTakeIsInvalidTakeAmount() async throws {
        try await withPurse { bed in
            let checkout = try bed.checkout(try await bed.session(amount: 20_000))
            try await checkout.load()
            let item = try await checkout.initializeSecondary(
                "illicado-giftcard", cardNumber: Self.card15k, pin: "1234")
            for amount in [15_001, 0, -5] {
                #expect(throws: PurseCheckoutError.self) { try checkout.applySecondary(item, amount: amount) }
                do {
                    try checkout.applySecondary(item, amount: amount)
                } catch let error as PurseCheckoutError {
                    #expect(error.code == .invalidTakeAmount)
                }
            }
            #expect(checkout.restToPay == 20_000)
            try checkout.applySecondary(item, amount: 15_000)
            #expect(checkout.restToPay == 5_000)
        }
    }

    @Test func behaviours1And2TheRestWithinOrBelowTheMinimum() async throws {
        try await withPurse { bed in
            let checkout = try bed.checkout(try await bed.session(amount: 10_000))
            try await checkout.load()
            let item = try await checkout.initializeSecondary(
                "illicado-giftcard", cardNumber: Self.card15k, pin: "1234")
            try checkout.applySecondary(item, amount: 4_000)
            #expect(state(checkout, "klarna-paylater") == nil)
            #expect(state(checkout, "creditcard") == nil)
            // The rest (2 000) falls below Klarna's minimum (3 500).
            try checkout.applySecondary(item, amount: 8_000)
            let klarna = try #require(state(checkout, "klarna-paylater"))
            #expect(klarna.code == .minAmountNotMet)
            #expect(klarna.minAmount == 3_500)
            #expect(klarna.restToPay == 2_000)
            #expect(klarna.origin == .client)
            #expect(state(checkout, "creditcard") == nil)
            #expect(throws: PurseSessionError.self) { try checkout.setPrimary("klarna-paylater") }
            // Taking the item out gives the server's states back.
            try checkout.removeSecondary(item)
            #expect(state(checkout, "klarna-paylater") == nil)
            #expect(checkout.restToPay == 10_000)
        }
    }

    @Test func behaviours3And4AboveTheMaximumReachableOrNot() async throws {
        try await withPurse { bed in
            // 600 000 is above PayPal's maximum (500 000): the server says so.
            let checkout = try bed.checkout(try await bed.session(amount: 600_000))
            try await checkout.load()
            #expect(state(checkout, "paypal-wallet")?.code == .maxAmountExceeded)
            #expect(state(checkout, "paypal-wallet")?.origin == .server)
            let item = try await checkout.initializeSecondary(
                "illicado-giftcard", cardNumber: Self.card150k, pin: "1234")
            try checkout.applySecondary(item, amount: 50_000)
            // 550 000 left; 100 000 more from the card would reach the maximum.
            let exceeded = try #require(state(checkout, "paypal-wallet"))
            #expect(exceeded.code == .maxAmountExceeded)
            #expect(exceeded.origin == .client)
            #expect(exceeded.restToPay == 550_000)
            try checkout.applySecondary(item, amount: 100_000)
            #expect(state(checkout, "paypal-wallet") == nil)
            try checkout.setPrimary("paypal-wallet")
        }
        try await withPurse { bed in
            // 700 000: even the card's whole balance leaves 550 000, above PayPal's maximum.
            let checkout = try bed.checkout(try await bed.session(amount: 700_000))
            try await checkout.load()
            let item = try await checkout.initializeSecondary(
                "illicado-giftcard", cardNumber: Self.card150k, pin: "1234")
            try checkout.applySecondary(item, amount: 50_000)
            #expect(state(checkout, "paypal-wallet")?.code == .amountConditionUnreachable)
            try checkout.applySecondary(item, amount: 150_000)
            #expect(state(checkout, "paypal-wallet")?.code == .amountConditionUnreachable)
            #expect(state(checkout, "creditcard") == nil)
        }
    }

    @Test func behaviour5TheGiftCardCoversEverything() async throws {
        try await withPurse { bed in
            let session = try await bed.session(amount: 10_000)
            let checkout = try bed.checkout(session)
            try await checkout.load()
            let item = try await checkout.initializeSecondary(
                "illicado-giftcard", cardNumber: Self.card15k, pin: "1234")
            try checkout.applySecondary(item, amount: 10_000)
            #expect(checkout.restToPay == 0)
            for method in checkout.paymentMethods where !method.isSecondary {
                #expect(method.disabled?.code == .paymentFulfilled)
            }
            guard case .completed(.success) = try await checkout.submitPayment() else {
                throw PurseCheckoutError.paymentNotFulfilledOnSubmit
            }
            let body = try #require(try bed.requests(session.id, "validate").first).body
            let items = try #require(try JSONDecoder().decode(AnyCodableValue.self, from: body)["items"]?.arrayValue)
            #expect(items.count == 1)
            #expect(items.first?["method"] == "illicado-giftcard")
            #expect(try bed.server.purseGiftItems(sessionID: session.id).map(\.balance) == [5_000])
        }
    }

    @Test func validateSendsBothItemsAndTheCardPaysTheRest() async throws {
        try await withPurse { bed in
            let (checkout, _, session) = try await bed.cardCheckout(amount: 10_000)
            let item = try await checkout.initializeSecondary(
                "illicado-giftcard", cardNumber: Self.card15k, pin: "1234")
            try checkout.applySecondary(item, amount: 4_000)
            guard case .completed(.success) = try await checkout.submitPayment() else {
                throw PurseCheckoutError.paymentNotFulfilledOnSubmit
            }
            let body = try #require(try bed.requests(session.id, "validate").first).body
            let sent = try JSONDecoder().decode(AnyCodableValue.self, from: body)
            let items = try #require(sent["items"]?.arrayValue)
            #expect(items.map { $0["method"]?.stringValue } == ["illicado-giftcard", "creditcard"])
            #expect(items.map { $0["amount"]?.intValue } == [4_000, 6_000])
            #expect(sent["split_total"] == 10_000)
            #expect(checkout.paymentResult?.items.count == 2)
            #expect(checkout.paymentResult?.code == "SUCCEEDED")
            #expect(try bed.server.purseGiftItems(sessionID: session.id).map(\.balance) == [11_000])
            #expect(try bed.payments(session.id) == 1)
            // The gift card's number and PIN never reached the request log.
            let logged = try bed.requests(session.id, "items/init")
            #expect(logged.count == 1)
            #expect(!String(decoding: logged[0].body, as: UTF8.self).contains("5000"))
        }
    }
}
