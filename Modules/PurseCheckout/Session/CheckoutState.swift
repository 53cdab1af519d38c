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
}
