import Foundation

/// The checkout's own failures: what the SDK found before or around a payment, and a `validate`
/// that did not complete.
///
/// Switch over the cases, or over ``code`` (`case .expiredSession:`) when you handle every Purse
/// error the same way:
///
/// ```swift
/// case let .validateFailed(_, underlying)
///     where (underlying as? PaymentAPIError)?.outcomeUnknown == true:
///     showStillProcessing()   // the payment may exist: confirm on your backend
/// ```
public enum PurseCheckoutError: PurseError {
    /// The client session has expired: its `expires_at` passed (on the SDK's clock) before the call.
    /// Create a new session on your server and call `setSession(widgetData:)`. Code
    /// ``PurseErrorCode/expiredSession``.
    case sessionExpired
    /// `widgetData` is not a Purse client session; `reason` says what is wrong, never what it holds.
    /// Code ``PurseErrorCode/sessionMalformed``.
    case sessionMalformed(reason: String)
    /// A payment is already being submitted, or this session is spent (paid, declined, or blocked
    /// on an unknown outcome): confirm the outcome on your backend. Code ``PurseErrorCode/submitBlocked``.
    case submitBlocked
    /// `validate` did not complete. `underlying` is the ``PaymentAPIError`` of the exchange: when
    /// its ``PaymentAPIError/outcomeUnknown`` is true the payment may exist and the session stays
    /// blocked; otherwise nothing was charged and the session is ready again. Code
    /// ``PurseErrorCode/validateFailed``.
    case validateFailed(sessionID: String, underlying: any Error)
    /// The method needs a partner module that was never installed; its element has no UI. Code
    /// ``PurseErrorCode/methodNotImplemented``.
    case noPluginRegistered(method: String)
    /// Nothing to pay with: no primary method is selected, or its element was never created. Code
    /// ``PurseErrorCode/paymentNotFulfilledOnSubmit``.
    case paymentNotFulfilledOnSubmit
    /// The element's fields are incomplete or invalid (see ``CardElement/validity``). Code
    /// ``PurseErrorCode/elementNotFulfilled``.
    case elementNotFulfilled(method: String)
    /// `register(_:)` asked to save the instrument of a method that cannot save one (its
    /// `canBeRegistered` is false). Code ``PurseErrorCode/tokenNotRegisterable``.
    case tokenNotRegisterable(method: String)
    /// `applySecondary(_:amount:)` asked a secondary item for an amount it cannot take: not positive,
    /// above its balance, or above what is left to pay. Code ``PurseErrorCode/invalidTakeAmount``.
    case invalidTakeAmount(method: String, amount: Int, available: Int)

    /// The stable code of the case.
    public var code: PurseErrorCode {
        switch self {
        case .sessionExpired: .expiredSession
        case .sessionMalformed: .sessionMalformed
        case .submitBlocked: .submitBlocked
        case .validateFailed: .validateFailed
        case .noPluginRegistered: .methodNotImplemented
        case .paymentNotFulfilledOnSubmit: .paymentNotFulfilledOnSubmit
        case .elementNotFulfilled: .elementNotFulfilled
        case .tokenNotRegisterable: .tokenNotRegisterable
        case .invalidTakeAmount: .invalidTakeAmount
        }
    }

    /// A developer-facing message.
    public var message: String {
        switch self {
        case .sessionExpired:
            "the client session has expired: create a new one on your server"
        case .sessionMalformed(let reason):
            "widgetData is not a Purse client session: \(reason)"
        case .submitBlocked:
            "a payment is already being submitted, or this session is spent: confirm the outcome on your backend"
        case .validateFailed(let sessionID, let underlying):
            if (underlying as? any PurseError)?.isOutcomeUnknown == true {
                "validate for session \(sessionID) got no answer: the payment may exist, confirm it on your backend"
            } else {
                "validate for session \(sessionID) failed before the payment was made"
            }
        case .noPluginRegistered(let method):
            "no plugin registered for \(method) — install the partner product that provides it"
        case .paymentNotFulfilledOnSubmit:
            "nothing to pay with: select a primary method and fill its element before submitting"
        case .elementNotFulfilled(let method):
            "the \(method) element is not fulfilled: complete its fields before submitting"
        case .tokenNotRegisterable(let method):
            "\(method) cannot save the shopper's payment instrument (can_be_registered is false)"
        case .invalidTakeAmount(let method, let amount, let available):
            "\(method) cannot take \(amount): between 1 and \(available) (its balance, at most the rest to pay)"
        }
    }

    /// The transport or API error behind ``validateFailed(sessionID:underlying:)``; `nil` otherwise.
    public var underlying: (any Error)? {
        guard case .validateFailed(_, let underlying) = self else { return nil }
        return underlying
    }
}

extension PurseCheckoutError: LocalizedError, CustomStringConvertible {
    /// `Purse <CODE>: <message>`.
    public var errorDescription: String? { summaryLine }
    /// `Purse <CODE>: <message>`.
    public var description: String { summaryLine }
}
