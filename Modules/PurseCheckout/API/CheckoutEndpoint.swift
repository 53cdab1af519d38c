/// The contract's Checkout API routes, relative to the session's `api_root`.
enum CheckoutEndpoint: Sendable, Hashable, CaseIterable {
    /// `POST /vault/v1/cards` (the contract's C0), the vault: card data for a token.
    case vault
    /// `POST /checkout/v1/sessions/{id}/init` (C1): the session, its methods and their states.
    case initialize
    /// `POST /checkout/v1/sessions/{id}/items/init` (C2): a secondary item (a gift card) and its balance.
    case initializeItem
    /// `POST /checkout/v1/sessions/{id}/validate` (C3): the submit that creates the payment.
    case validate
    /// `GET /checkout/v1/sessions/{id}/status` (C4), the status: the server's view of the session's payment.
    case status

    var method: String { self == .status ? "GET" : "POST" }

    /// The path for session `id` (already checked to be `A–Z a–z 0–9 _ -`).
    func path(sessionID id: String) -> String {
        switch self {
        case .vault: "/vault/v1/cards"
        case .initialize: "/checkout/v1/sessions/\(id)/init"
        case .initializeItem: "/checkout/v1/sessions/\(id)/items/init"
        case .validate: "/checkout/v1/sessions/\(id)/validate"
        case .status: "/checkout/v1/sessions/\(id)/status"
        }
    }

    /// Card data travels in this request's body (a card, a gift card's number and PIN): the trace
    /// never sees it.
    var carriesCardData: Bool { self == .vault || self == .initializeItem }
}
