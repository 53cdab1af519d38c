import ErrorCore

/// Why a listed method cannot be used now, and what to tell the shopper.
///
/// Server states come from `/init` (``PurseErrorCode/methodUnstable``, ``PurseErrorCode/minAmountNotMet``,
/// ``PurseErrorCode/maxAmountExceeded``, ``PurseErrorCode/amountConditionUnreachable``,
/// ``PurseErrorCode/tokenInitFailed``). Client states move with the session:
/// ``PurseErrorCode/submitting`` while a payment is submitted, ``PurseErrorCode/paymentFulfilled``
/// once the session is spent or when secondary items cover the whole amount. A split moves the
/// amount rules: ``PurseErrorCode/minAmountNotMet`` and ``PurseErrorCode/maxAmountExceeded`` then
/// describe the rest to pay, ``PurseErrorCode/amountConditionUnreachable`` says no split of the
/// applied items can reach the method's range. Partner modules add the `PARTNER_UI_*` states.
public struct DisabledState: Sendable, Equatable {
    /// Where a state comes from.
    public enum Origin: String, Sendable, Equatable {
        /// The API said so in `/init`.
        case server
        /// The SDK: the session is submitting or spent.
        case client
    }

    /// The reason code.
    public let code: PurseErrorCode
    /// A developer-facing explanation (the server's, or the SDK's).
    public let message: String
    /// The server's details (`{"min_amount": 3500}`), when it sent any.
    public let details: AnyCodableValue?
    /// Who set the state.
    public let origin: Origin

    /// A state from its parts.
    package init(code: PurseErrorCode, message: String, details: AnyCodableValue? = nil, origin: Origin) {
        self.code = code
        self.message = message
        self.details = details
        self.origin = origin
    }

    /// The method's minimum, for ``PurseErrorCode/minAmountNotMet`` (`details.min_amount`).
    public var minAmount: Int? { details?["min_amount"]?.intValue }
    /// The method's maximum, for ``PurseErrorCode/maxAmountExceeded`` (`details.max_amount`).
    public var maxAmount: Int? { details?["max_amount"]?.intValue }
    /// What the primary method would pay with the current split (`details.rest_to_pay`), for the
    /// states a split moves.
    public var restToPay: Int? { details?["rest_to_pay"]?.intValue }

    /// While a payment is being submitted.
    static let submitting = DisabledState(
        code: .submitting, message: "a payment is being submitted", origin: .client)
    /// Once the session is spent, or blocked on an unknown outcome.
    static let paymentFulfilled = DisabledState(
        code: .paymentFulfilled, message: "the session's payment is made or pending confirmation", origin: .client)
}
