import Foundation

/// What the API said about the session's payment: the verdict, the payment, and each item's result
/// with its decline or result code.
public struct PaymentResult: Sendable, Equatable {
    /// One payment item's result (the card, or a gift card beside it).
    public struct Item: Sendable, Equatable {
        /// The item's id.
        public let id: String?
        /// The partner's transaction id.
        public let transactionID: String?
        /// The partner (`purse`, `paypal`).
        public let partner: String?
        /// The method (`creditcard`).
        public let method: String?
        /// The action (`AUTHORIZE`).
        public let action: String?
        /// The item's state (`SUCCESS`, `FAILED`).
        public let state: String?
        /// The result or decline code: `SUCCEEDED`, `INSUFFICIENT_FUNDS`, `BLOCKED_CARD`, `CARD_EXPIRED`, ….
        public let code: String?
        /// The API's description of `code`, for developers.
        public let description: String?
    }

    /// The verdict.
    public let status: PaymentStatus
    /// The payment's id, once one exists.
    public let paymentID: String?
    /// The items' results.
    public let items: [Item]
    /// The partner's page, when the verdict is a hand-off (``PaymentStatus/waiting`` with a redirect).
    public let redirectionURL: URL?

    /// The first item's result code: for a card, the decline reason to show.
    public var code: String? { items.first?.code }

    /// A result from its parts.
    package init(status: PaymentStatus, paymentID: String?, items: [Item], redirectionURL: URL? = nil) {
        self.status = status
        self.paymentID = paymentID
        self.items = items
        self.redirectionURL = redirectionURL
    }
}

extension PaymentResult {
    /// `validate`'s answer.
    init(_ answer: CheckoutWire.ValidateAnswer) {
        self.init(
            status: PaymentStatus(rawValue: answer.globalStatus), paymentID: answer.session?.paymentId,
            items: (answer.results ?? []).map(Item.init), redirectionURL: answer.redirection?.url.flatMap(URL.init))
    }

    /// The status's answer, once it shows a payment.
    init?(_ answer: CheckoutWire.StatusAnswer) {
        guard let status = answer.globalStatus else { return nil }
        self.init(
            status: PaymentStatus(rawValue: status), paymentID: answer.paymentId,
            items: (answer.results ?? []).map(Item.init))
    }
}

extension PaymentResult.Item {
    init(_ result: CheckoutWire.Result) {
        self.init(
            id: result.id, transactionID: result.transactionId, partner: result.partner, method: result.method,
            action: result.status?.action, state: result.status?.state, code: result.status?.code,
            description: result.status?.description)
    }
}
