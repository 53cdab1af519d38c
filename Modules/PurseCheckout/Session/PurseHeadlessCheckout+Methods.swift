import ErrorCore
import Foundation

extension PurseHeadlessCheckout {
    /// The session's payment methods in the API's order, each with its current state: the server's
    /// disabled state from `/init`; the split's amount rules once secondary items are applied
    /// (``PurseErrorCode/minAmountNotMet`` with `minAmount` and `restToPay`,
    /// ``PurseErrorCode/maxAmountExceeded``, ``PurseErrorCode/amountConditionUnreachable``,
    /// ``PurseErrorCode/paymentFulfilled``); a partner's `PARTNER_UI_*` state; and the session's
    /// while it is submitting (``PurseErrorCode/submitting``) or spent
    /// (``PurseErrorCode/paymentFulfilled``). Empty until `load()` has finished.
    public var paymentMethods: [PaymentMethod] {
        state.withLock { $0.shownMethods }
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

    /// The element of `methodID`: a ``CardElement`` for `creditcard`, a ``PartnerElement`` for a
    /// method whose partner module is installed. The same element is returned for the same method
    /// until `setSession` replaces the session.
    ///
    /// A method that can never render here (its partner module is not installed, it is secondary,
    /// or technically disabled) still gets an element: it has no UI, and its first `submit()`
    /// reports why, e.g. `.failed(PurseCheckoutError.noPluginRegistered(method:))`.
    ///
    /// - Throws: ``PurseSessionError/methodNotFound(method:)`` for an id the session does not offer;
    ///   ``PurseSessionError/notReady(state:)`` before `load()` and after `terminate()`;
    ///   ``PurseCheckoutError/sessionExpired``.
    public func paymentElement(for methodID: String) throws -> any PaymentElement {
        try paymentElement(for: methodID, appReturnURL: nil)
    }

    /// The element of `methodID`, for a partner that sends the shopper back to the app:
    /// `appReturnURL` is where (Klarna needs one; PayPal uses it, else the options' `returnURL`,
    /// else the session's `redirection_url`). Only a URL matching it in scheme, host and path is
    /// taken as a return (`handleReturn(url:)`).
    ///
    /// An element built with no UI for want of the return URL is built again when one is given.
    ///
    /// - Throws: as ``paymentElement(for:)``.
    public func paymentElement(for methodID: String, appReturnURL: URL?) throws -> any PaymentElement {
        try withState { state throws -> any PaymentElement in
            noticeExpiry(&state)
            switch state.sessionState {
            case .idle, .terminated: throw PurseSessionError.notReady(state: state.sessionState)
            case .expired: throw PurseCheckoutError.sessionExpired
            case .ready, .submitting, .submitted, .error: break
            }
            if let element = state.elements[methodID], appReturnURL == nil || !(element is UnrenderableElement) {
                return element
            }
            guard let method = state.methods.first(where: { $0.id == methodID }) else {
                throw PurseSessionError.methodNotFound(method: methodID)
            }
            let element = makeElement(for: method, appReturnURL: appReturnURL, session: state.session)
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
        // A shopper who closed the partner's interface may try it again.
        if let disabled = state.state(of: method), disabled.code != .partnerUICancelled {
            throw .methodDisabled(method: methodID, state: disabled)
        }
        guard state.primaryID != methodID else { return }
        state.primaryID = methodID
        touch(state)
    }

    /// The element a method gets: the card element, a partner's, or one with no UI and the reason it
    /// has none.
    private func makeElement(
        for method: PaymentMethod, appReturnURL: URL?, session: WidgetSession
    ) -> any SubmittableElement {
        func unrenderable(_ refusal: any PurseError) -> UnrenderableElement {
            UnrenderableElement(methodID: method.id, checkout: self, refusal: refusal)
        }
        if method.isSecondary { return unrenderable(PurseSessionError.notAPrimaryMethod(method: method.id)) }
        if let pluginID = method.requiresPlugin {
            guard let module = environment.options.plugins.module(for: pluginID) else {
                return unrenderable(PurseCheckoutError.noPluginRegistered(method: method.id))
            }
            if let disabled = method.disabled, Self.technicalStates.contains(disabled.code) {
                return unrenderable(PurseSessionError.methodDisabled(method: method.id, state: disabled))
            }
            let context = PartnerContext(
                methodID: method.id, appReturnURL: appReturnURL ?? environment.options.returnURL,
                sessionRedirectionURL: session.redirectionURL.flatMap(URL.init(string:)),
                redirectionPresenter: defaultRedirectionPresenter)
            do {
                let flow = try module.makeFlow(for: method, context: context)
                return PartnerElement(methodID: method.id, pluginID: pluginID, flow: flow, checkout: self)
            } catch let error as PartnerUIError {
                return unrenderable(error)
            } catch {
                return unrenderable(
                    PartnerUIError(
                        method: method.id, message: "the \(pluginID) module could not build the element",
                        underlying: error))
            }
        }
        if let disabled = method.disabled, Self.technicalStates.contains(disabled.code) {
            return unrenderable(PurseSessionError.methodDisabled(method: method.id, state: disabled))
        }
        if method.integrationType == .hostedFields && method.method == "creditcard" {
            return CardElement(methodID: method.id, checkout: self, now: environment.wallClock)
        }
        return unrenderable(PurseCheckoutError.noPluginRegistered(method: method.id))
    }

    /// The platform's redirection presenter: on Linux the emulator's partner page, followed over the
    /// checkout's transport.
    private var defaultRedirectionPresenter: any RedirectionPresenter {
        PartnerPageFollower(transport: environment.transport)
    }

    /// Disabled states that mean the method cannot work at all (as opposed to an amount rule).
    private static let technicalStates: Set<PurseErrorCode> = [
        .methodUnstable, .tokenInitFailed, .pluginIncompatible, .paymentElementRenderFailed, .partnerUIFatalError,
    ]
}
