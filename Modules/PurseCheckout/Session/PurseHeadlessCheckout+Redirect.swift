import ErrorCore
import Foundation
import SDKTransport

extension PurseHeadlessCheckout {
    /// Takes the shopper's return from a partner's page: call it from the app's URL handler
    /// (`onOpenURL`, `application(_:open:options:)`) when the redirect went through the app's own
    /// opener.
    ///
    /// Only a URL matching the registered return URL (the element's `appReturnURL`, else the options'
    /// `returnURL`) in scheme, host and path is a return; anything else is ignored and `nil` is
    /// returned. For a return, the SDK reads the session's status, updates `sessionState` and
    /// `paymentResult`, reports ``PaymentOutcome/returnedFromRedirect(url:)`` to the element's
    /// listeners and returns it. A return is never ``PaymentOutcome/canceled`` and is not an outcome
    /// either: the final redirect is built server-side, so confirm the payment on your backend
    /// before telling the shopper anything final. Works after a relaunch too (with the options'
    /// `returnURL`).
    @discardableResult
    public func handleReturn(url: URL) async -> PaymentOutcome? {
        let pending = withState { state -> (URL?, (any SubmittableElement)?, CheckoutAPI, Int)? in
            guard ![.idle, .terminated].contains(state.sessionState) else { return nil }
            let registered = state.redirect?.returnURL ?? environment.options.returnURL
            let element = state.redirect.flatMap { state.elements[$0.methodID] }
            return (registered, element, api(for: state.session), state.generation)
        }
        guard let (registered, element, api, generation) = pending, let registered, isReturn(url, to: registered)
        else {
            trace.note("ignored a URL that is not the registered return URL")
            return nil
        }
        let outcome = await completeReturn(url: url, api: api, generation: generation)
        element?.channel.outcomes.yield(outcome)
        return outcome
    }

    // MARK: - Internals

    /// `validate` answered `WAITING` with the partner's page: the element's presenter shows it. A
    /// return it hands back is taken at once; without one (the app's opener) the session waits as
    /// ``SessionState/submitted`` with the `WAITING` result for `handleReturn(url:)`.
    func handOff(
        to url: URL, partner: PartnerElement, plan: SubmissionPlan, result: PaymentResult
    ) async -> PaymentOutcome {
        let returnURL = plan.returnURL
        withState { state in
            guard state.generation == plan.generation else { return }
            state.paymentResult = result
            state.redirect = returnURL.map { PendingRedirect(methodID: partner.methodID, returnURL: $0) }
        }
        trace.note("\(partner.methodID): handing off to the partner's page")
        do {
            if let returned = try await partner.flow.redirect(to: url), let returnURL, isReturn(returned, to: returnURL)
            {
                return await completeReturn(url: returned, api: plan.api, generation: plan.generation)
            }
            finish(plan, state: .submitted, result: result)
            return .completed(result.status)
        } catch {
            let outcome = partnerFailed(PartnerUIFailure.from(error), plan: plan)
            // The payment exists (WAITING): the status says where it stands.
            let status = try? await plan.api.status(retrying: environment.initPolicy)
            finish(plan, state: .submitted, result: status.flatMap(PaymentResult.init) ?? result)
            return outcome
        }
    }

    /// A return: the status read and applied, then ``PaymentOutcome/returnedFromRedirect(url:)``.
    func completeReturn(url: URL, api: CheckoutAPI, generation: Int) async -> PaymentOutcome {
        let sessionID = api.session.sessionID
        let status = try? await api.status(retrying: environment.initPolicy)
        withState { state in
            guard state.generation == generation else { return }
            state.redirect = nil
            guard let status else {
                // The status could not be read: the session waits, the app confirms on its backend.
                if state.sessionState == .submitting { transition(&state, to: .submitted) }
                return
            }
            let result = PaymentResult(status)
            if let result { state.paymentResult = result }
            if result.map({ !$0.status.isPending }) ?? true { environment.pending.clear(sessionID: sessionID) }
            let next: SessionState =
                switch status.clientSessionStatus {
                case "EXPIRED": .expired
                case "OPEN" where result == nil: .ready
                default: .submitted
                }
            transition(&state, to: next)
            touch(state)
        }
        trace.note("\(sessionID): back from the partner's page")
        return .returnedFromRedirect(url: url)
    }
}
