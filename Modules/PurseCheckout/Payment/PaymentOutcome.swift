import Foundation

/// How a submission ended, as an element's listener hears it and `submitPayment()` returns it.
///
/// - ``completed(_:)``: the API's verdict. A status other than ``PaymentStatus/success`` is a
///   decline (or a pending result), not an error: nothing is thrown, and the session is spent
///   (`sessionState` is `.submitted`).
/// - ``failed(_:)``: the payment was not made, or its outcome is unknown (walk the error's
///   `underlying` chain for ``PaymentAPIError/outcomeUnknown``). `submitPayment()` throws it instead.
/// - ``returnedFromRedirect(url:)``: the shopper came back from a partner's page; not an outcome
///   either: confirm on your backend. It arrives after the SDK read the session's status.
/// - ``canceled``: the shopper closed a partner's sheet.
public enum PaymentOutcome: Sendable {
    /// The API's verdict on a payment that went through the whole flow.
    case completed(PaymentStatus)
    /// The submission failed; the error says whether a payment may exist.
    case failed(any PurseError)
    /// The shopper returned from a partner's page to the app's return URL.
    case returnedFromRedirect(url: URL)
    /// The shopper canceled in a partner's interface.
    case canceled
}
