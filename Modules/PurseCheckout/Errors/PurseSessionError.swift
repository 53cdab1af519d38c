import Foundation

/// A call on the session's methods that the session refuses: it is not loaded, the method is not
/// in it, cannot be used now, or cannot be primary. Thrown synchronously by `setPrimary(_:)` and
/// `paymentElement(for:)`.
///
/// A method that is listed but cannot be used is first of all a method state
/// (``PaymentMethod/disabled``): check it before offering the method, and this error is what
/// selecting it anyway throws.
public enum PurseSessionError: PurseError, Equatable {
    /// The session is not ready for this call: `load()` has not finished, or the session is spent,
    /// expired or terminated. Code ``PurseErrorCode/sessionNotReady``.
    case notReady(state: SessionState)
    /// The session offers no method with this id (or `disabledMethods` removed it). Code
    /// ``PurseErrorCode/paymentMethodNotFoundInSession``.
    case methodNotFound(method: String)
    /// The method is disabled; `state` says why. Code: the state's code (``PurseErrorCode/methodUnstable``,
    /// ``PurseErrorCode/minAmountNotMet``, …).
    case methodDisabled(method: String, state: DisabledState)
    /// The method is secondary (a gift card); it cannot be the primary method. Code
    /// ``PurseErrorCode/notAPrimaryMethod``.
    case notAPrimaryMethod(method: String)

    /// The stable code of the case.
    public var code: PurseErrorCode {
        switch self {
        case .notReady: .sessionNotReady
        case .methodNotFound: .paymentMethodNotFoundInSession
        case .methodDisabled(_, let state): state.code
        case .notAPrimaryMethod: .notAPrimaryMethod
        }
    }

    /// A developer-facing message.
    public var message: String {
        switch self {
        case .notReady(let state):
            "the session is \(state.rawValue), not ready: await load() first, or start a new session"
        case .methodNotFound(let method):
            "the session offers no method \(method)"
        case .methodDisabled(let method, let state):
            "\(method) is disabled (\(state.code.rawValue)): \(state.message)"
        case .notAPrimaryMethod(let method):
            "\(method) is a secondary method: it cannot be the primary one"
        }
    }

    /// Always `nil`: the session itself refused.
    public var underlying: (any Error)? { nil }
}

extension PurseSessionError: LocalizedError, CustomStringConvertible {
    /// `Purse <CODE>: <message>`.
    public var errorDescription: String? { summaryLine }
    /// `Purse <CODE>: <message>`.
    public var description: String { summaryLine }
}
