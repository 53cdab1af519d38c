/// A payment method the session offers, as `/init` listed it, with its current state.
///
/// Read ``disabled`` before offering it: a listed method that cannot be used now is not an error
/// but a state, and it moves as the session moves.
public struct PaymentMethod: Sendable, Equatable, Identifiable {
    /// How the method collects payment data.
    public struct IntegrationType: RawRepresentable, Hashable, Sendable {
        /// The wire value.
        public let rawValue: String
        /// Wraps a wire value.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The SDK's own fields collect it (the card element).
        public static let hostedFields = IntegrationType(rawValue: "hosted_fields")
        /// The partner's page, reached by a redirect.
        public static let redirection = IntegrationType(rawValue: "redirection")
        /// A native sheet (Apple Pay).
        public static let native = IntegrationType(rawValue: "native")
    }

    /// The method id (`creditcard`, `paypal-wallet`): what `setPrimary(_:)` and
    /// `paymentElement(for:)` take.
    public let id: String
    /// The payment partner (`purse`, `paypal`).
    public let partner: String
    /// The kind of method (`creditcard`, `wallet`, `giftcard`).
    public let method: String
    /// A secondary method (a gift card) complements the primary one; it cannot be primary.
    public let isSecondary: Bool
    /// The API's display order.
    public let position: Int
    /// The smallest amount the method takes, in minor units.
    public let minAmount: Int?
    /// The largest amount the method takes, in minor units.
    public let maxAmount: Int?
    /// How it collects payment data.
    public let integrationType: IntegrationType
    /// The partner module it needs (`paypal`, `applepay`), or `nil` for none.
    public let requiresPlugin: String?
    /// Whether the payment instrument can be saved for later.
    public let canBeRegistered: Bool
    /// Why it cannot be used now, or `nil` when it can: the client state while the session submits
    /// or is spent, else the server's state from `/init`.
    public let disabled: DisabledState?
    /// Whether it is the primary method (set by `setPrimary(_:)` or by submitting its element).
    public let isPrimary: Bool

    /// A method from its parts.
    package init(
        id: String, partner: String, method: String, isSecondary: Bool, position: Int, minAmount: Int?,
        maxAmount: Int?, integrationType: IntegrationType, requiresPlugin: String?, canBeRegistered: Bool,
        disabled: DisabledState?, isPrimary: Bool = false
    ) {
        self.id = id
        self.partner = partner
        self.method = method
        self.isSecondary = isSecondary
        self.position = position
        self.minAmount = minAmount
        self.maxAmount = maxAmount
        self.integrationType = integrationType
        self.requiresPlugin = requiresPlugin
        self.canBeRegistered = canBeRegistered
        self.disabled = disabled
        self.isPrimary = isPrimary
    }
}
