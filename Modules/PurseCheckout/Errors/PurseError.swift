import ErrorCore
import Foundation

/// Every error the checkout SDK throws or reports conforms to this protocol.
///
/// It is a protocol, not a base class: the concrete error types (``PurseCheckoutError``,
/// ``PurseSessionError``, ``PartnerUIError``, ``PaymentAPIError``) stay distinct and switchable, and
/// each exposes a stable ``code``, a developer ``message``, the ``underlying`` cause and a
/// ``documentationLink``. It refines ErrorCore's `SDKError`, so one logging function serves every
/// SDK in the package.
public protocol PurseError: SDKError {
    /// The stable code to write recovery logic on.
    var code: PurseErrorCode { get }
    /// A developer-facing message; not for shoppers.
    var message: String { get }
    /// What caused this error, when something did (a transport error, a partner SDK's error).
    var underlying: (any Error)? { get }
}

extension PurseError {
    /// The error-codes reference page for ``code``.
    public var documentationLink: URL { code.documentationLink }
    /// Always `"purse"`.
    public var sdkName: String { "purse" }
    /// The raw value of ``code``.
    public var errorCode: String { code.rawValue }
    /// No HTTP status, unless the conforming type has one (``PaymentAPIError``).
    public var httpStatus: Int? { nil }
    /// No server request id, unless the conforming type has one (``PaymentAPIError``).
    public var serverRequestID: String? { nil }
    /// The same error as ``underlying``, so generic code walking `SDKError` causes reaches it.
    public var underlyingError: (any Error)? { underlying }

    /// Whether this error, or one in its ``underlying`` chain, is a ``PaymentAPIError`` whose
    /// ``PaymentAPIError/outcomeUnknown`` is true: a `validate` left the device and no answer came back, so
    /// the payment may exist. Never show such an error to a shopper as a failed payment: confirm the
    /// status on your backend first.
    ///
    /// `PurseCheckoutError.validateFailed` wraps the transport error, so a cast at the top level matches
    /// nothing; this is the walk of the chain the error-handling guide shows, done once:
    ///
    /// ```swift
    /// } catch let error as any PurseError where error.isOutcomeUnknown {
    ///     showStillProcessing()
    /// }
    /// ```
    public var isOutcomeUnknown: Bool {
        var current: (any Error)? = self
        while let error = current {
            if (error as? PaymentAPIError)?.outcomeUnknown == true { return true }
            current = (error as? any PurseError)?.underlying
        }
        return false
    }

    /// `Purse <CODE>: <message>`: what every Purse error's `description` and `errorDescription`
    /// say. Never holds a card number, a CVV, a token or a session secret: no message does.
    var summaryLine: String { "Purse \(code.rawValue): \(message)" }
}
