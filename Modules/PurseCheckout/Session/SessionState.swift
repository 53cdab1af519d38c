/// Where a checkout's session is: read it from `PurseHeadlessCheckout.sessionState`, follow it with
/// `sessionStates` or `onSessionStateChange`, or through ``PurseCheckoutState`` in SwiftUI.
///
/// ```
/// idle → ready → submitting → submitted | ready (a definitive pre-execution failure) | error
/// any state → expired (a 410; or the clock passing expires_at while idle, ready or error: a submission
///                      in flight decides first, and a submitted session keeps showing its payment)
/// any state → terminated (terminate())
/// ```
public enum SessionState: String, Sendable, Equatable, CaseIterable {
    /// Created from `widgetData`; the methods are not loaded yet (await `load()`).
    case idle
    /// Loaded: the methods and their states are known, and a payment can be submitted.
    case ready
    /// A payment is being submitted; a second submit is ``PurseCheckoutError/submitBlocked``.
    case submitting
    /// The API gave its verdict (success or decline): the session is spent.
    case submitted
    /// Blocked: a payment's outcome is unknown (it may exist; confirm it on your backend, or call
    /// `load()` to ask the API again), or the session could not be loaded.
    case error
    /// The session expired; create a new one.
    case expired
    /// `terminate()` was called; the checkout does nothing more.
    case terminated
}
