import ErrorCore
import Foundation
import SDKTransport

extension PurseHeadlessCheckout {
    /// Called with every partner module's announcement (a method moved into a `PARTNER_UI_*` state,
    /// or left it), on a task of the SDK's. Setting it replaces the previous listener.
    public var onPluginEvent: (@Sendable (PluginEvent) -> Void)? {
        get { pluginAnnouncements.listener }
        set { pluginAnnouncements.listener = newValue }
    }

    /// A new stream of partner modules' announcements from now on.
    public var pluginEvents: AsyncStream<PluginEvent> { pluginAnnouncements.stream() }

    // MARK: - Internals

    /// The one place a partner's failure becomes the method's `PARTNER_UI_*` state (announced) and
    /// the submission's outcome: ``PaymentOutcome/canceled`` when the shopper closed the interface,
    /// else `.failed(PartnerUIError)` with the partner's error as `underlying`.
    func partnerFailed(_ failure: PartnerUIFailure, plan: SubmissionPlan) -> PaymentOutcome {
        let methodID = plan.method?.id ?? ""
        let pluginID = (plan.element as? PartnerElement)?.pluginID ?? plan.method?.requiresPlugin ?? ""
        let state = DisabledState(code: failure.stateCode, message: Self.message(failure), origin: .client)
        withState { checkoutState in
            guard checkoutState.generation == plan.generation else { return }
            checkoutState.partnerStates[methodID] = state
            touch(checkoutState)
        }
        trace.note("partner \(pluginID) for \(methodID): \(failure.stateCode.rawValue)")
        pluginAnnouncements.yield(PluginEvent(methodID: methodID, pluginID: pluginID, state: state))
        if case .cancelled = failure { return .canceled }
        return .failed(
            PartnerUIError(
                method: methodID, message: "\(pluginID) failed: \(Self.message(failure))",
                underlying: failure.partnerError))
    }

    /// A method the shopper closed is offered again when submitted again: its cancelled state goes.
    func clearCancelledPartnerState(of method: PaymentMethod, in state: inout CheckoutState) {
        guard state.partnerStates[method.id]?.code == .partnerUICancelled else { return }
        state.partnerStates[method.id] = nil
        pluginAnnouncements.yield(PluginEvent(methodID: method.id, pluginID: method.requiresPlugin ?? "", state: nil))
        touch(state)
    }

    private static func message(_ failure: PartnerUIFailure) -> String {
        switch failure {
        case .cancelled: "the shopper closed the partner's interface"
        case .unavailable: "the partner's interface cannot be shown on this device"
        case .fatal: "the partner's interface failed"
        }
    }
}
