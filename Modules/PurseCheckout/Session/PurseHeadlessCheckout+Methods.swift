import ErrorCore
import Foundation

extension PurseHeadlessCheckout {
    /// The session's payment methods in the API's order, each with its current state: the server's
    /// disabled state from `/init`, overlaid by the client's while the session is submitting
    /// (``PurseErrorCode/submitting``) or spent (``PurseErrorCode/paymentFulfilled``). Empty until
    /// `load()` has finished.
    public var paymentMethods: [PaymentMethod] {
        state.withLock { state in
            state.methods.map { $0.shown(in: state.sessionState, primaryID: state.primaryID) }
        }
    }

    /// The primary method, once one is selected.
    public var primaryMethod: PaymentMethod? { paymentMethods.first(where: \.isPrimary) }

    /// Selects the method that pays (the remainder of) the amount.
    ///
    /// - Throws: ``PurseSessionError/methodNotFound(method:)``, ``PurseSessionError/notAPrimaryMethod(method:)``
    ///   or ``PurseSessionError/methodDisabled(method:state:)`` for a method that cannot be primary;
    ///   ``PurseSessionError/notReady(state:)`` before `load()`; ``PurseCheckoutError/sessionExpired``;
    ///   ``PurseCheckoutError/submitBlocked`` while submitting or once the session is spent.
    public func setPrimary(_ methodID: String) throws {
        try withState { state throws in
            try requireReady(&state)
            try select(methodID, in: &state)
        }
    }

    /// The element of `methodID`: a ``CardElement`` for `creditcard`. The same element is returned
    /// for the same method until `setSession` replaces the session.
    ///
    /// A method that can never render here (its partner module is not installed, it is secondary,
    /// or technically disabled) still gets an element: it has no UI, and its first `submit()`
    /// reports why, e.g. `.failed(PurseCheckoutError.noPluginRegistered(method:))`.
    ///
    /// - Throws: ``PurseSessionError/methodNotFound(method:)`` for an id the session does not offer;
    ///   ``PurseSessionError/notReady(state:)`` before `load()` and after `terminate()`;
    ///   ``PurseCheckoutError/sessionExpired``.
    public func paymentElement(for methodID: String) throws -> any PaymentElement {
        try withState { state throws -> any PaymentElement in
            noticeExpiry(&state)
            switch state.sessionState {
            case .idle, .terminated: throw PurseSessionError.notReady(state: state.sessionState)
            case .expired: throw PurseCheckoutError.sessionExpired
            case .ready, .submitting, .submitted, .error: break
            }
            if let element = state.elements[methodID] { return element }
            guard let method = state.methods.first(where: { $0.id == methodID }) else {
                throw PurseSessionError.methodNotFound(method: methodID)
            }
            let element = makeElement(for: method)
            state.elements[methodID] = element
            return element
        }
    }

    // MARK: - Internals

    /// Throws unless the session can take a payment now.
    func requireReady(_ state: inout CheckoutState) throws {
        noticeExpiry(&state)
        switch state.sessionState {
        case .ready: return
        case .idle, .terminated: throw PurseSessionError.notReady(state: state.sessionState)
        case .expired: throw PurseCheckoutError.sessionExpired
        case .submitting, .submitted, .error: throw PurseCheckoutError.submitBlocked
        }
    }

    /// Makes `methodID` primary, or throws why it cannot be.
    func select(_ methodID: String, in state: inout CheckoutState) throws(PurseSessionError) {
        guard let method = state.methods.first(where: { $0.id == methodID }) else {
            throw .methodNotFound(method: methodID)
        }
        guard !method.isSecondary else { throw .notAPrimaryMethod(method: methodID) }
        if let disabled = method.disabled { throw .methodDisabled(method: methodID, state: disabled) }
        guard state.primaryID != methodID else { return }
        state.primaryID = methodID
        touch(state)
    }

    /// The element a method gets: the card element, or one with no UI and the reason it has none.
    private func makeElement(for method: PaymentMethod) -> any SubmittableElement {
        if method.requiresPlugin != nil {
            // Partner modules (Apple Pay, PayPal, Klarna) are installed explicitly; none is yet.
            return UnrenderableElement(
                methodID: method.id, checkout: self, refusal: PurseCheckoutError.noPluginRegistered(method: method.id))
        }
        if method.isSecondary {
            return UnrenderableElement(
                methodID: method.id, checkout: self, refusal: PurseSessionError.notAPrimaryMethod(method: method.id))
        }
        if let disabled = method.disabled, Self.technicalStates.contains(disabled.code) {
            return UnrenderableElement(
                methodID: method.id, checkout: self,
                refusal: PurseSessionError.methodDisabled(method: method.id, state: disabled))
        }
        if method.integrationType == .hostedFields && method.method == "creditcard" {
            return CardElement(methodID: method.id, checkout: self, now: environment.wallClock)
        }
        return UnrenderableElement(
            methodID: method.id, checkout: self, refusal: PurseCheckoutError.noPluginRegistered(method: method.id))
    }

    /// Disabled states that mean the method cannot work at all (as opposed to an amount rule).
    private static let technicalStates: Set<PurseErrorCode> = [
        .methodUnstable, .tokenInitFailed, .pluginIncompatible, .paymentElementRenderFailed, .partnerUIFatalError,
    ]
}
