import ErrorCore

/// How a method's state follows the split, the partner's interface and the session.
///
/// With no secondary item applied, a method shows the server's state from `/init`. Once secondary
/// items take part of the amount, the amount rules are the client's, on the rest to pay, in five
/// behaviours:
///
/// 1. The rest is within the method's range: the method is usable.
/// 2. The rest is below the method's minimum: ``PurseErrorCode/minAmountNotMet``, with `minAmount`
///    and `restToPay` (take less from the secondary items).
/// 3. The rest is above the maximum, but the applied items' unused balances could bring it under:
///    ``PurseErrorCode/maxAmountExceeded`` (take more from them).
/// 4. The rest is above the maximum and no balance left can bring it under:
///    ``PurseErrorCode/amountConditionUnreachable``.
/// 5. The secondary items cover everything: every primary method is ``PurseErrorCode/paymentFulfilled``,
///    and `submitPayment()` pays with the secondary items alone.
///
/// A partner's `PARTNER_UI_*` state and a server state that is not an amount rule
/// (`METHOD_UNSTABLE`, `TOKEN_INIT_FAILED`) win over the split; the session's client states
/// (`SUBMITTING`, `PAYMENT_FULFILLED` once spent) win over everything.
extension CheckoutState {
    /// The server's amount rules: replaced by the split's when secondary items are applied.
    private static let amountRules: Set<PurseErrorCode> = [
        .minAmountNotMet, .maxAmountExceeded, .amountConditionUnreachable,
    ]

    /// The methods as the session shows them now.
    var shownMethods: [PaymentMethod] {
        let overlay: DisabledState? =
            switch sessionState {
            case .submitting: .submitting
            case .submitted, .error: .paymentFulfilled
            default: nil
            }
        return methods.map { method in
            method.with(disabled: overlay ?? state(of: method), isPrimary: method.id == primaryID)
        }
    }

    /// The method's state, before the session's overlay: what decides whether it can be selected.
    func state(of method: PaymentMethod) -> DisabledState? {
        if let partner = partnerStates[method.id] { return partner }
        if let server = method.disabled, !Self.amountRules.contains(server.code) { return server }
        guard !secondaries.isEmpty, !method.isSecondary else { return method.disabled }
        return splitState(of: method)
    }

    /// The amount rules on the rest to pay (behaviours 1 to 5 above).
    private func splitState(of method: PaymentMethod) -> DisabledState? {
        let rest = restToPay
        if rest <= 0 {
            return DisabledState(
                code: .paymentFulfilled, message: "the secondary items cover the whole amount",
                details: ["rest_to_pay": .int(0)], origin: .client)
        }
        if let minimum = method.minAmount, rest < minimum {
            return DisabledState(
                code: .minAmountNotMet, message: "the rest to pay (\(rest)) is below the method's minimum (\(minimum))",
                details: ["min_amount": .int(minimum), "rest_to_pay": .int(rest)], origin: .client)
        }
        if let maximum = method.maxAmount, rest > maximum {
            let unused = secondaries.reduce(0) { $0 + max($1.item.balance - $1.amount, 0) }
            let reachable = rest - unused <= maximum
            return DisabledState(
                code: reachable ? .maxAmountExceeded : .amountConditionUnreachable,
                message: reachable
                    ? "the rest to pay (\(rest)) is above the method's maximum (\(maximum)): take more from the "
                        + "secondary items"
                    : "no split of the applied secondary items brings the rest to pay (\(rest)) under the method's "
                        + "maximum (\(maximum))",
                details: ["max_amount": .int(maximum), "rest_to_pay": .int(rest)], origin: .client)
        }
        return nil
    }
}

extension PaymentMethod {
    /// This method with another state and primary flag.
    func with(disabled: DisabledState?, isPrimary: Bool) -> PaymentMethod {
        PaymentMethod(
            id: id, partner: partner, method: method, isSecondary: isSecondary, position: position,
            minAmount: minAmount, maxAmount: maxAmount, integrationType: integrationType,
            requiresPlugin: requiresPlugin, canBeRegistered: canBeRegistered, disabled: disabled,
            isPrimary: isPrimary)
    }
}
