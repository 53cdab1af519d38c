import Foundation

/// A partner SDK's own step failed (the Apple Pay sheet, PayPal's or Klarna's page), or an installed
/// partner module cannot render without what only the app can give it. Code
/// ``PurseErrorCode/partnerUIError``; the partner's error, when there is one, is ``underlying``.
///
/// When the partner's interface failed, the method also moves into a `PARTNER_UI_*` method state,
/// announced through `PurseHeadlessCheckout.onPluginEvent`.
public struct PartnerUIError: PurseError {
    /// The method whose partner step failed (`applepay-wallet`).
    public let method: String
    /// A developer-facing message.
    public let message: String
    /// The partner SDK's error, when there is one.
    public let underlying: (any Error)?

    /// Always ``PurseErrorCode/partnerUIError``.
    public var code: PurseErrorCode { .partnerUIError }

    /// An error for `method`: partner modules create these.
    public init(method: String, message: String, underlying: (any Error)? = nil) {
        self.method = method
        self.message = message
        self.underlying = underlying
    }
}

extension PartnerUIError: LocalizedError, CustomStringConvertible {
    /// `Purse PARTNER_UI_ERROR: <message>`.
    public var errorDescription: String? { summaryLine }
    /// `Purse PARTNER_UI_ERROR: <message>`.
    public var description: String { summaryLine }
}
