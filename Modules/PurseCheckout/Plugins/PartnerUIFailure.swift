/// How a partner's interface failed: what a ``PartnerFlow`` or a presenter throws.
///
/// The checkout turns it into the method's `PARTNER_UI_*` state (announced through
/// `onPluginEvent`) and into the submission's outcome: ``PaymentOutcome/canceled`` for
/// ``cancelled``, else `.failed(PartnerUIError)` with the partner's error as `underlying`.
public enum PartnerUIFailure: Error, Sendable {
    /// The shopper closed the partner's interface. The method moves to
    /// ``PurseErrorCode/partnerUICancelled`` and can be tried again.
    case cancelled
    /// The partner's interface cannot be shown on this device (no wallet, no browser). The method
    /// moves to ``PurseErrorCode/partnerUIUnavailable``.
    case unavailable(any Error)
    /// The partner's interface failed for good. The method moves to
    /// ``PurseErrorCode/partnerUIFatalError``.
    case fatal(any Error)

    /// The method state this failure moves the method into.
    var stateCode: PurseErrorCode {
        switch self {
        case .cancelled: .partnerUICancelled
        case .unavailable: .partnerUIUnavailable
        case .fatal: .partnerUIFatalError
        }
    }

    /// The partner's error, when it gave one.
    var partnerError: (any Error)? {
        switch self {
        case .cancelled: nil
        case .unavailable(let error), .fatal(let error): error
        }
    }

    /// `error` as a failure: itself, or a fatal one wrapping it.
    static func from(_ error: any Error) -> PartnerUIFailure {
        error as? PartnerUIFailure ?? .fatal(error)
    }
}
