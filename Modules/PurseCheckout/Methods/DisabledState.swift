import ErrorCore

/// Why a listed method cannot be used now, and what to tell the shopper.
///
/// Server states come from `/init` (``PurseErrorCode/methodUnstable``, ``PurseErrorCode/minAmountNotMet``,
/// ``PurseErrorCode/maxAmountExceeded``, ``PurseErrorCode/amountConditionUnreachable``,
/// ``PurseErrorCode/tokenInitFailed``). Client states move with the session:
/// ``PurseErrorCode/submitting`` while a payment is submitted, ``PurseErrorCode/paymentFulfilled``
/// once the session is spent (partner modules add `PARTNER_UI_*` states).
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

    /// While a payment is being submitted.
    static let submitting = DisabledState(
        code: .submitting, message: "a payment is being submitted", origin: .client)
    /// Once the session is spent, or blocked on an unknown outcome.
    static let paymentFulfilled = DisabledState(
        code: .paymentFulfilled, message: "the session's payment is made or pending confirmation", origin: .client)
}
