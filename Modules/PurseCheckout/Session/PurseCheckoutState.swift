import ErrorCore
import Foundation
import Observation

/// A checkout's state for SwiftUI: the session state, the methods with their states, the primary
/// method and the payment's verdict, updated on the main actor as the checkout moves.
///
/// ```swift
/// @State var checkoutState = PurseCheckoutState(checkout: checkout)
///
/// ForEach(checkoutState.paymentMethods) { method in
///     MethodRow(method).disabled(method.disabled != nil)
/// }
/// Button("Pay") { card.submit() }.disabled(checkoutState.sessionState != .ready)
/// ```
@MainActor @Observable
public final class PurseCheckoutState {
    /// The checkout's `sessionState`.
    public private(set) var sessionState: SessionState
    /// The checkout's `paymentMethods`.
    public private(set) var paymentMethods: [PaymentMethod]
    /// The checkout's `primaryMethod`.
    public private(set) var primaryMethod: PaymentMethod?
    /// The checkout's `paymentResult`.
    public private(set) var paymentResult: PaymentResult?

    /// The checkout this state follows.
    @ObservationIgnored public let checkout: PurseHeadlessCheckout
    @ObservationIgnored private let subscription = Subscription()

    /// Follows `checkout` from now on (the current values first).
    public init(checkout: PurseHeadlessCheckout) {
        self.checkout = checkout
        sessionState = checkout.sessionState
        paymentMethods = checkout.paymentMethods
        primaryMethod = checkout.primaryMethod
        paymentResult = checkout.paymentResult
        let changes = checkout.changes.stream()
        subscription.task = Task { [weak self] in
            for await _ in changes {
                guard let self else { return }
                self.refresh()
            }
        }
    }

    /// Reads the checkout again, assigning only what changed (so views redraw only for that).
    private func refresh() {
        let state = checkout.sessionState
        if state != sessionState { sessionState = state }
        let methods = checkout.paymentMethods
        if methods != paymentMethods { paymentMethods = methods }
        let primary = checkout.primaryMethod
        if primary != primaryMethod { primaryMethod = primary }
        let result = checkout.paymentResult
        if result != paymentResult { paymentResult = result }
    }

    /// Holds the task that feeds the state, and stops it with the state.
    private final class Subscription: Sendable {
        private let stored = Locked<Task<Void, Never>?>(nil)

        var task: Task<Void, Never>? {
            get { stored.withLock { $0 } }
            set { stored.withLock { $0 = newValue } }
        }

        deinit {
            stored.withLock { $0?.cancel() }
        }
    }
}
