import ErrorCore
import Foundation
import SDKCrypto
import SDKTransport

extension PurseHeadlessCheckout {
    /// Submits the payment with the primary method's element and returns the outcome.
    ///
    /// Returns ``PaymentOutcome/completed(_:)`` with the API's verdict: a status other than
    /// ``PaymentStatus/success`` is a decline, not an error (the session is spent either way). The
    /// outcome also goes to the element's listener. Cancelling the calling task does not stop a
    /// submission that has started: a payment is never left half-known.
    ///
    /// - Throws: every ``PaymentOutcome/failed(_:)``: ``PurseCheckoutError/paymentNotFulfilledOnSubmit``
    ///   when no primary method or element is ready, ``PurseCheckoutError/elementNotFulfilled(method:)``
    ///   when its fields are not valid, ``PurseCheckoutError/submitBlocked`` while submitting or once
    ///   spent, ``PurseCheckoutError/sessionExpired``, ``PurseCheckoutError/validateFailed(sessionID:underlying:)``
    ///   when `validate` failed in transport (walk `underlying` for ``PaymentAPIError/outcomeUnknown``),
    ///   a ``PaymentAPIError`` when the API refused, a ``PurseSessionError`` for a method that cannot pay.
    @discardableResult
    public func submitPayment() async throws -> PaymentOutcome {
        // Its own task, so the caller's cancellation never reaches a submission that has started; an
        // immediate one where the system has them (iOS 26, macOS 26, Linux), so the submission starts
        // on this thread instead of waiting for another. Earlier systems get an ordinary task: the
        // same outcome, one thread hop later.
        let outcome: PaymentOutcome
        if #available(iOS 26, macOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            outcome = await Task.immediate { await self.submission(of: nil) }.value
        } else {
            outcome = await Task { await self.submission(of: nil) }.value
        }
        if case .failed(let error) = outcome { throw error }
        return outcome
    }

    /// Runs one submission, of `trigger` (an element's `submit()`) or of the primary element, and
    /// reports its outcome to that element's listeners.
    func submission(of trigger: (any SubmittableElement)?) async -> PaymentOutcome {
        let outcome: PaymentOutcome
        let element: (any SubmittableElement)?
        switch begin(trigger) {
        case .refused(let error, let refusedElement):
            outcome = .failed(error)
            element = refusedElement
        case .started(let plan):
            outcome = await run(plan)
            element = plan.element
            // A partner's interface that is still up (a wallet sheet) shows the result first.
            if let partner = plan.element as? PartnerElement { await partner.flow.paymentFinished(outcome) }
        }
        element?.channel.outcomes.yield(outcome)
        return outcome
    }

    // MARK: - Internals

    /// What a started submission works with: the primary element and method (none when secondary
    /// items pay everything), and the split and preferences as they were when it started.
    struct SubmissionPlan: Sendable {
        let element: (any SubmittableElement)?
        let method: PaymentMethod?
        let api: CheckoutAPI
        let generation: Int
        let secondaries: [AppliedSecondary]
        let saveToken: Bool
        let returnURL: URL?
    }

    enum Start: Sendable {
        case refused(any PurseError, (any SubmittableElement)?)
        case started(SubmissionPlan)
    }

    /// The checks before anything is sent, and the move to ``SessionState/submitting``: one step
    /// under the lock, so two submits never both start.
    private func begin(_ trigger: (any SubmittableElement)?) -> Start {
        withState { state in
            do {
                try requireReady(&state)
                if let trigger {
                    if let refusal = trigger.refusal { throw refusal }
                    try select(trigger.methodID, in: &state)
                }
                let api = api(for: state.session)
                if trigger == nil && !state.secondaries.isEmpty && state.restToPay <= 0 {
                    // The secondary items pay everything: no primary item.
                    transition(&state, to: .submitting)
                    return .started(
                        SubmissionPlan(
                            element: nil, method: nil, api: api, generation: state.generation,
                            secondaries: state.secondaries, saveToken: false, returnURL: environment.options.returnURL))
                }
                guard let primaryID = state.primaryID, let element = state.elements[primaryID],
                    let method = state.methods.first(where: { $0.id == primaryID })
                else { throw PurseCheckoutError.paymentNotFulfilledOnSubmit }
                if let refusal = element.refusal { throw refusal }
                // The split may have moved since the method was selected.
                try select(primaryID, in: &state)
                guard element.isFulfilled else { throw PurseCheckoutError.elementNotFulfilled(method: primaryID) }
                clearCancelledPartnerState(of: method, in: &state)
                transition(&state, to: .submitting)
                return .started(
                    SubmissionPlan(
                        element: element, method: method, api: api, generation: state.generation,
                        secondaries: state.secondaries, saveToken: state.registered.contains(primaryID),
                        returnURL: (element as? PartnerElement)?.returnURL ?? environment.options.returnURL))
            } catch {
                let primaryElement = state.primaryID.flatMap { state.elements[$0] }
                // Every check above throws a PurseError.
                let refusal = error as? any PurseError ?? PurseCheckoutError.paymentNotFulfilledOnSubmit
                return .refused(refusal, trigger ?? primaryElement)
            }
        }
    }

    /// Tokenizes, validates, and moves the session to what the verdict says.
    private func run(_ plan: SubmissionPlan) async -> PaymentOutcome {
        let sessionID = plan.api.session.sessionID
        var paymentData: AnyCodableValue = [:]
        do {
            if let element = plan.element { paymentData = try await element.paymentData(using: plan.api) }
        } catch let failure as PartnerUIFailure {
            // The partner's interface failed before anything was sent: nothing was charged.
            let outcome = partnerFailed(failure, plan: plan)
            finish(plan, state: .ready)
            return outcome
        } catch {
            let purseError = Self.purseError(error, sessionID: sessionID)
            finish(plan, state: Self.stateAfterRefusal(purseError))
            return .failed(purseError)
        }

        let body: Data
        do {
            body = try Self.validateBody(
                amount: plan.api.session.amount, secondaries: plan.secondaries, method: plan.method,
                paymentData: paymentData, saveToken: plan.saveToken, returnURL: plan.returnURL)
        } catch {
            // The body cannot be encoded (a payment data value JSON cannot hold): nothing was sent.
            finish(plan, state: .ready)
            return .failed(
                PurseCheckoutError.validateFailed(
                    sessionID: sessionID,
                    underlying: PaymentAPIErrorMapping.unpreparable(
                        path: CheckoutEndpoint.validate.path(sessionID: sessionID), underlying: error)))
        }
        let key = SecureRandom.lowercaseUUIDString()
        do {
            try environment.pending.record(sessionID: sessionID, key: key, at: environment.wallClock())
        } catch {
            trace.note("the pending payment of \(sessionID) could not be recorded: \(error)")
        }

        switch await validator(api: plan.api).validate(body: body, key: key) {
        case .completed(let result):
            if let url = result.redirectionURL, let partner = plan.element as? PartnerElement {
                // The pending record stays until the shopper is back: a relaunch meanwhile reads the status.
                return await handOff(to: url, partner: partner, plan: plan, result: result)
            }
            environment.pending.clear(sessionID: sessionID)
            finish(plan, state: .submitted, result: result)
            return .completed(result.status)
        case .refused(let error):
            environment.pending.clear(sessionID: sessionID)
            finish(plan, state: Self.stateAfterRefusal(error), result: Self.storedResult(in: error))
            return .failed(error)
        case .notExecuted(let error):
            environment.pending.clear(sessionID: sessionID)
            finish(plan, state: Self.stateAfterRefusal(error))
            return .failed(error)
        case .notSent(let error):
            environment.pending.clear(sessionID: sessionID)
            finish(plan, state: .ready)
            return .failed(PurseCheckoutError.validateFailed(sessionID: sessionID, underlying: error))
        case .unknown(let error):
            // The pending record stays: `load()`, now or after a relaunch, asks the status again.
            finish(plan, state: .error)
            return .failed(PurseCheckoutError.validateFailed(sessionID: sessionID, underlying: error))
        }
    }

    /// The frozen `validate` body: the secondary items with their amounts, the primary item for the
    /// rest (with `save_token` when `register(_:)` marked it), and the client context. Encoded once;
    /// every replay sends these bytes.
    static func validateBody(
        amount: Int, secondaries: [AppliedSecondary], method: PaymentMethod?, paymentData: AnyCodableValue,
        saveToken: Bool, returnURL: URL?
    ) throws -> Data {
        typealias Item = CheckoutWire.ValidateBody.Item
        var items = secondaries.map { applied in
            Item(
                amount: applied.amount, method: applied.item.methodID, partner: applied.item.partner,
                paymentData: ["item_id": .string(applied.item.id)], paymentPreferences: .init(saveToken: false))
        }
        if let method {
            items.append(
                Item(
                    amount: amount - secondaries.reduce(0) { $0 + $1.amount }, method: method.id,
                    partner: method.partner, paymentData: paymentData, paymentPreferences: .init(saveToken: saveToken)))
        }
        return try CheckoutWire.encoder.encode(
            CheckoutWire.ValidateBody(
                clientContext: returnURL.map { .init(returnUrl: $0.absoluteString) }, items: items, splitTotal: amount))
    }

    /// Ends a submission: the new state, unless the session was replaced or terminated meanwhile.
    func finish(_ plan: SubmissionPlan, state next: SessionState, result: PaymentResult? = nil) {
        withState { state in
            guard state.generation == plan.generation, state.sessionState == .submitting else { return }
            if let result { state.paymentResult = result }
            transition(&state, to: next)
        }
    }

    /// Where an API refusal leaves the session: expired on a 410, spent when it was already paid,
    /// blocked when the secret is refused, else ready for another try.
    private static func stateAfterRefusal(_ error: any PurseError) -> SessionState {
        guard let error = error as? PaymentAPIError else { return .ready }
        if error.status == 410 || error.code == .sessionExpired { return .expired }
        if error.code == .sessionAlreadySubmittedError { return .submitted }
        if error.status == 401 { return .error }
        return .ready
    }

    /// The stored outcome a `SESSION_ALREADY_SUBMITTED_ERROR` carries in `data`.
    private static func storedResult(in error: PaymentAPIError) -> PaymentResult? {
        guard error.code == .sessionAlreadySubmittedError, let data = error.data,
            let answer = try? CheckoutWire.decoder.decode(CheckoutWire.ValidateAnswer.self, from: data.jsonData)
        else { return nil }
        return PaymentResult(answer)
    }

    /// A failure before `validate` as a ``PurseError``.
    private static func purseError(_ error: any Error, sessionID: String) -> any PurseError {
        if let error = error as? any PurseError { return error }
        return PurseCheckoutError.validateFailed(
            sessionID: sessionID,
            underlying: PaymentAPIErrorMapping.unpreparable(
                path: CheckoutEndpoint.vault.path(sessionID: sessionID), underlying: error))
    }

    /// The validator for `api`, with the checkout's policies and clock.
    func validator(api: CheckoutAPI) -> PaymentValidator {
        PaymentValidator(
            api: api, policy: environment.validatePolicy, statusPolicy: environment.initPolicy,
            clock: environment.clock)
    }
}
