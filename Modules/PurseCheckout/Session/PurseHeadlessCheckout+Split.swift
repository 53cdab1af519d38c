import ErrorCore
import Foundation
import SDKCrypto
import SDKTransport

extension PurseHeadlessCheckout {
    /// What the primary method pays: the amount less the applied secondary items, in minor units.
    public var restToPay: Int { state.withLock { $0.restToPay } }

    /// The secondary items in the split and the amount each takes, in the order they were applied.
    public var appliedSecondaries: [(item: SecondaryItem, amount: Int)] {
        state.withLock { $0.secondaries.map { ($0.item, $0.amount) } }
    }

    /// Initialises a gift card (`items/init`) and returns it with its balance; put it into the
    /// split with ``applySecondary(_:amount:)``.
    ///
    /// The number and PIN go to the API only: they are not kept, logged or traced. A transient failure
    /// is retried (same `Idempotency-Key`, so the card is initialised once).
    ///
    /// - Throws: ``PurseSessionError/methodNotFound(method:)`` when the session offers no secondary
    ///   method `methodID`; ``PurseSessionError/notReady(state:)`` before `load()`;
    ///   ``PurseCheckoutError/sessionExpired``; ``PurseCheckoutError/submitBlocked`` while submitting or
    ///   once spent; ``PaymentAPIError`` when the API refused the card (`INVALID_CARD`) or could not be
    ///   reached.
    public func initializeSecondary(_ methodID: String, cardNumber: String, pin: String) async throws -> SecondaryItem {
        let (api, method) = try withState { state throws -> (CheckoutAPI, PaymentMethod) in
            try requireReady(&state)
            guard let method = state.methods.first(where: { $0.id == methodID && $0.isSecondary }) else {
                throw PurseSessionError.methodNotFound(method: methodID)
            }
            return (self.api(for: state.session), method)
        }
        let body = try CheckoutWire.encoder.encode(
            CheckoutWire.ItemBody(
                method: method.id, partner: method.partner,
                paymentData: CheckoutWire.ItemBody.PaymentData(cardNumber: cardNumber, pin: pin)))
        let key = SecureRandom.uuid().uuidString.lowercased()
        let answer = try await api.retrying(
            environment.initPolicy, .initializeItem, body: body, idempotencyKey: key,
            as: CheckoutWire.ItemAnswer.self)
        return SecondaryItem(
            id: answer.id, methodID: method.id, partner: method.partner, balance: answer.balance,
            currency: answer.currency ?? api.session.currency,
            status: answer.status.map(SecondaryItem.Status.init(rawValue:)) ?? (answer.balance > 0 ? .active : .empty))
    }

    /// Puts `item` into the split for `amount` minor units (replacing the amount it took before);
    /// the primary method then pays the rest, and the methods' states follow (see `paymentMethods`).
    ///
    /// - Throws: ``PurseCheckoutError/invalidTakeAmount(method:amount:available:)`` when `amount` is not
    ///   positive, or above the item's balance or the rest to pay; ``PurseSessionError/methodNotFound(method:)``;
    ///   ``PurseSessionError/notReady(state:)`` before `load()`; ``PurseCheckoutError/sessionExpired``;
    ///   ``PurseCheckoutError/submitBlocked`` while submitting or once spent.
    public func applySecondary(_ item: SecondaryItem, amount: Int) throws {
        try withState { state throws in
            try requireReady(&state)
            guard state.methods.contains(where: { $0.id == item.methodID && $0.isSecondary }) else {
                throw PurseSessionError.methodNotFound(method: item.methodID)
            }
            let current = state.secondaries.first { $0.item.id == item.id }?.amount ?? 0
            let available = min(item.balance, state.restToPay + current)
            guard amount > 0, amount <= available else {
                throw PurseCheckoutError.invalidTakeAmount(method: item.methodID, amount: amount, available: available)
            }
            if let index = state.secondaries.firstIndex(where: { $0.item.id == item.id }) {
                state.secondaries[index].amount = amount
            } else {
                state.secondaries.append(AppliedSecondary(item: item, amount: amount))
            }
            touch(state)
        }
    }

    /// Takes `item` out of the split: the primary method pays its share again.
    ///
    /// - Throws: ``PurseSessionError/notReady(state:)`` before `load()`; ``PurseCheckoutError/sessionExpired``;
    ///   ``PurseCheckoutError/submitBlocked`` while submitting or once spent.
    public func removeSecondary(_ item: SecondaryItem) throws {
        try withState { state throws in
            try requireReady(&state)
            state.secondaries.removeAll { $0.item.id == item.id }
            touch(state)
        }
    }
}
