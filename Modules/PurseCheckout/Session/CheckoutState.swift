import ErrorCore
import Foundation

/// Everything a checkout changes, guarded by one lock so a transition and its announcement are
/// one step.
struct CheckoutState: Sendable {
    var session: WidgetSession
    /// When the session expires, on the checkout's `SDKClock`.
    var expiry: ContinuousClock.Instant
    var disabledMethods: [String]
    var sessionState: SessionState = .idle
    /// The methods as `/init` listed them (server states only).
    var methods: [PaymentMethod] = []
    var primaryID: String?
    var elements: [String: any SubmittableElement] = [:]
    var paymentResult: PaymentResult?
    /// Bumped by `setSession` and `terminate()`: work started for an older session does not touch
    /// the state when it ends.
    var generation = 0
    /// The one in-flight load (the InitGuard's coalescing).
    var loading: Task<[PaymentMethod], any Error>?
    /// The `PARTNER_UI_*` state a partner's failure left each method in.
    var partnerStates: [String: DisabledState] = [:]
    /// The methods `register(_:)` marked for saving (`payment_preferences.save_token`).
    var registered: Set<String> = []
    /// The secondary items in the split, in the order they were applied.
    var secondaries: [AppliedSecondary] = []
    /// The partner page the shopper is on, while a redirect is pending.
    var redirect: PendingRedirect?

    /// What the primary method pays: the amount less the secondary items.
    var restToPay: Int { session.amount - secondaries.reduce(0) { $0 + $1.amount } }
}

/// A secondary item and the amount it takes.
struct AppliedSecondary: Sendable, Equatable {
    let item: SecondaryItem
    var amount: Int
}

/// A redirect in progress: the method whose partner page the shopper is on, and where the partner
/// sends them back.
struct PendingRedirect: Sendable {
    let methodID: String
    let returnURL: URL
}
