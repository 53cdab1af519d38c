import Foundation

/// A secondary payment item (a gift card), initialised through `items/init` with its balance.
/// Put it into the split with `PurseHeadlessCheckout.applySecondary(_:amount:)`.
///
/// Holds no card number and no PIN: only the API's item id, the balance and its status.
public struct SecondaryItem: Sendable, Equatable, Identifiable {
    /// The item's status as the API reports it.
    public struct Status: RawRepresentable, Hashable, Sendable {
        /// The wire value.
        public let rawValue: String
        /// Wraps a wire value.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The card has a balance to take from.
        public static let active = Status(rawValue: "ACTIVE")
        /// The card's balance is spent.
        public static let empty = Status(rawValue: "EMPTY")
    }

    /// The API's item id, which `validate` names.
    public let id: String
    /// The secondary method (`illicado-giftcard`).
    public let methodID: String
    /// The partner (`illicado`).
    public let partner: String
    /// What the item can pay at most, in minor units.
    public let balance: Int
    /// The balance's currency.
    public let currency: String
    /// Whether the balance can be used.
    public let status: Status

    /// An item from its parts.
    package init(id: String, methodID: String, partner: String, balance: Int, currency: String, status: Status) {
        self.id = id
        self.methodID = methodID
        self.partner = partner
        self.balance = balance
        self.currency = currency
        self.status = status
    }
}
