import ErrorCore
import Foundation
import SDKTransport

extension PurseHeadlessCheckout {
    /// Loads the session's payment methods and their states (`/init`), and returns them.
    ///
    /// This is the InitGuard: concurrent calls share one request, and a transient failure (a 5xx, no
    /// answer) is retried with capped, jittered backoff within a bounded budget; a 4xx is not.
    /// When a payment of this session is pending from an earlier run (an unknown outcome, or a
    /// relaunch), the session's status is read before submit is offered: the session becomes
    /// ``SessionState/submitted`` when the payment exists, ``SessionState/ready`` when nothing was
    /// charged, and stays ``SessionState/error`` while its outcome is still unknown. Calling it on a
    /// blocked (``SessionState/error``) session asks again.
    ///
    /// Returns the current methods without a request once loaded.
    ///
    /// - Throws: ``PaymentAPIError`` when the API refused or could not be reached (the session then
    ///   moves to ``SessionState/expired`` on a 410, else ``SessionState/error``);
    ///   ``PurseCheckoutError/sessionExpired`` when the session has expired;
    ///   ``PurseSessionError/notReady(state:)`` after `terminate()`.
    @discardableResult
    public func load() async throws -> [PaymentMethod] {
        let task = try withState { state throws -> Task<[PaymentMethod], any Error>? in
            noticeExpiry(&state)
            switch state.sessionState {
            case .expired: throw PurseCheckoutError.sessionExpired
            case .terminated: throw PurseSessionError.notReady(state: .terminated)
            case .ready, .submitting, .submitted: return nil
            case .idle, .error: break
            }
            if let loading = state.loading { return loading }
            let generation = state.generation
            let api = api(for: state.session)
            let disabled = state.disabledMethods
            let loading = Task { try await self.performLoad(api: api, disabled: disabled, generation: generation) }
            state.loading = loading
            return loading
        }
        guard let task else { return paymentMethods }
        _ = try await task.value
        return paymentMethods
    }

    /// `/init`, then the status when a payment may be pending, then the new state; for one generation.
    private func performLoad(api: CheckoutAPI, disabled: [String], generation: Int) async throws -> [PaymentMethod] {
        let sessionID = api.session.sessionID
        do {
            let body = try CheckoutWire.encoder.encode(
                CheckoutWire.InitBody(disabledMethods: disabled, locale: environment.options.locale))
            let answer = try await api.retrying(
                environment.initPolicy, .initialize, body: body, as: CheckoutWire.InitAnswer.self)
            let methods = answer.methods.map(\.paymentMethod).sorted { $0.position < $1.position }
            let pending = environment.pending.record(for: sessionID)
            var status: CheckoutWire.StatusAnswer?
            if pending != nil || answer.session.status != "OPEN" {
                status = try await api.status(retrying: environment.initPolicy)
            }
            return withState { state in
                guard state.generation == generation else { return state.methods }
                state.loading = nil
                state.methods = methods
                let next = settle(status: status, pending: pending, state: &state)
                transition(&state, to: next)
                touch(state)
                return methods
            }
        } catch {
            withState { state in
                guard state.generation == generation else { return }
                state.loading = nil
                let terminal = (error as? PaymentAPIError).map { $0.status == 410 || $0.code == .sessionExpired }
                transition(&state, to: terminal == true ? .expired : .error)
            }
            throw error
        }
    }

    /// The state a loaded session is in, given the status when one was read, and what becomes of
    /// the pending record.
    private func settle(
        status: CheckoutWire.StatusAnswer?, pending: PendingPayments.Record?, state: inout CheckoutState
    ) -> SessionState {
        let sessionID = state.session.sessionID
        guard let status else { return .ready }
        if status.clientSessionStatus == "EXPIRED" {
            environment.pending.clear(sessionID: sessionID)
            return .expired
        }
        if let result = PaymentResult(status) {
            environment.pending.clear(sessionID: sessionID)
            state.paymentResult = result
            return .submitted
        }
        if let last = status.lastValidate, !last.completed {
            return .error
        }
        environment.pending.clear(sessionID: sessionID)
        return status.clientSessionStatus == "OPEN" ? .ready : .submitted
    }
}
