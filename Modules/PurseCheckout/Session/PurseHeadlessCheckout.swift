import ErrorCore
import Foundation
import SDKCrypto
import SDKTransport

/// A headless Purse checkout for one client session: the session's payment methods and their
/// states, the payment elements, and a submit that never charges twice.
///
/// ```swift
/// let checkout = try PurseHeadlessCheckout(widgetData: widgetData)
/// let methods = try await checkout.load()                  // /init, once
/// let card = try checkout.paymentElement(for: "creditcard") as! CardElement
/// card.setNumber("4242 4242 4242 4242")
/// card.setExpiry(month: 12, year: 2030)
/// card.setCVV("123")
/// card.onOutcome = { outcome in … }                        // .completed, .failed, …
/// card.submit()
/// ```
///
/// - `sessionState` moves `idle → ready → submitting → submitted | ready | error`, to `expired`
///   (a 410, or the clock passing `expires_at`) and to `terminated`; follow it with
///   ``sessionStates``, ``onSessionStateChange`` or ``PurseCheckoutState``.
/// - `load()` is the InitGuard: concurrent calls share one `/init`, transient failures are retried
///   within a bounded budget. Add no retry loop of your own.
/// - Submitting uses one `Idempotency-Key` per submission and replays it on lost answers; an outcome
///   still unknown is reported as such and the session stays blocked. A pending submission is
///   recorded (key only, never card data), so a checkout built from the same `widgetData` after a
///   relaunch asks the API's status before offering submit again.
///
/// Safe to use from any thread or task.
public final class PurseHeadlessCheckout: Sendable, CustomStringConvertible, CustomReflectable {
    /// The SDK's version, sent as `X-Purse-SDK: swift/<version>`.
    public static let version = "0.1.0"

    /// The seams: transport, time, persistence, retry policies.
    struct Environment: Sendable {
        var options: PurseCheckoutOptions
        var transport: any Transport
        var clock: SDKClock
        var wallClock: @Sendable () -> Date
        var pending: PendingPayments
        var initPolicy: BackoffPolicy
        var validatePolicy: BackoffPolicy
    }

    let environment: Environment
    let state: Locked<CheckoutState>
    let stateChanges = Broadcast<SessionState>()
    /// Any change an observer may show (state, methods, primary, result): the ``PurseCheckoutState`` feed.
    let changes = Broadcast<Int>()
    /// Partner modules' announcements: the ``onPluginEvent`` feed.
    let pluginAnnouncements = Broadcast<PluginEvent>()
    let trace: ExchangeTrace

    /// A checkout for the client session `widgetData` (base64 of the session JSON, padding
    /// optional), from your server's `POST /payment/v2/client-sessions`.
    ///
    /// - Parameters:
    ///   - widgetData: the session's `widget.data`.
    ///   - disabledMethods: method ids the shopper must not be offered (`["paypal-wallet"]`); sent to
    ///     `/init`, which leaves them out.
    ///   - options: locale, return URL, timeouts, logging and storage.
    /// - Throws: ``PurseCheckoutError/sessionMalformed(reason:)`` when `widgetData` is not a Purse
    ///   session, ``PurseCheckoutError/sessionExpired`` when its `expires_at` has passed.
    public convenience init(
        widgetData: String, disabledMethods: [String] = [], options: PurseCheckoutOptions = PurseCheckoutOptions()
    ) throws {
        try self.init(
            widgetData: widgetData, disabledMethods: disabledMethods, options: options,
            transport: DefaultTransport.make())
    }

    /// A checkout with explicit seams, for tests and tools: the transport, the clock that times
    /// waits and expiry, the wall clock that reads `expires_at`, the pending-payment store (default:
    /// the one `options.storage` names) and the retry policies.
    package init(
        widgetData: String, disabledMethods: [String] = [], options: PurseCheckoutOptions = PurseCheckoutOptions(),
        transport: any Transport, clock: SDKClock = .live, wallClock: @escaping @Sendable () -> Date = { Date() },
        pendingStore: (any SecureStore)? = nil, initPolicy: BackoffPolicy = .purseInit,
        validatePolicy: BackoffPolicy = .purseValidate
    ) throws {
        let session = try WidgetSession(widgetData: widgetData)
        environment = Environment(
            options: options, transport: transport, clock: clock, wallClock: wallClock,
            pending: PendingPayments(store: pendingStore ?? PendingPayments.store(for: options.storage)),
            initPolicy: initPolicy, validatePolicy: validatePolicy)
        let expiry = try Self.expiry(of: session, clock: clock, wallClock: wallClock)
        state = Locked(CheckoutState(session: session, expiry: expiry, disabledMethods: disabledMethods))
        trace = ExchangeTrace(.purse, logger: options.logger)
    }

    deinit {
        stateChanges.finish()
        changes.finish()
        pluginAnnouncements.finish()
    }

    // MARK: - The session

    /// The client session's id (`cs_…`).
    public var sessionID: String { state.withLock { $0.session.sessionID } }
    /// The amount to pay, in minor units.
    public var amount: Int { state.withLock { $0.session.amount } }
    /// The ISO 4217 currency.
    public var currency: String { state.withLock { $0.session.currency } }
    /// When the session expires.
    public var expiresAt: Date { state.withLock { $0.session.expiresAt } }

    /// Where the session is. Reading it notices an expiry: a session whose `expires_at` has passed
    /// (on the SDK's clock) while idle, ready or blocked (`error`) reads, and moves to,
    /// ``SessionState/expired``.
    public var sessionState: SessionState {
        withState { state in
            noticeExpiry(&state)
            return state.sessionState
        }
    }

    /// The verdict of the session's payment, once the API gave one (from `validate`, or from the
    /// status after an unknown outcome or a relaunch); its items carry the decline code.
    public var paymentResult: PaymentResult? { state.withLock { $0.paymentResult } }

    /// A stream of `sessionState`: the current state first, then every change.
    public var sessionStates: AsyncStream<SessionState> {
        state.withLock { stateChanges.stream(initial: $0.sessionState) }
    }

    /// Called with every new `sessionState`, on a task of the SDK's (hop to the main actor for UI
    /// work). Setting it replaces the previous listener.
    public var onSessionStateChange: (@Sendable (SessionState) -> Void)? {
        get { stateChanges.listener }
        set { stateChanges.listener = newValue }
    }

    /// Replaces the client session (the cart changed, or the old one expired): back to
    /// ``SessionState/idle`` with no methods, no primary and no elements; `load()` loads the new one.
    ///
    /// - Throws: ``PurseCheckoutError/submitBlocked`` while a payment is being submitted,
    ///   ``PurseCheckoutError/sessionMalformed(reason:)`` or ``PurseCheckoutError/sessionExpired`` for
    ///   the new `widgetData` (the current session is then kept).
    public func setSession(widgetData: String, disabledMethods: [String]? = nil) throws {
        let session = try WidgetSession(widgetData: widgetData)
        let expiry = try Self.expiry(of: session, clock: environment.clock, wallClock: environment.wallClock)
        try withState { state throws(PurseCheckoutError) in
            guard state.sessionState != .submitting else { throw .submitBlocked }
            state.session = session
            state.expiry = expiry
            if let disabledMethods { state.disabledMethods = disabledMethods }
            state.generation += 1
            state.methods = []
            state.primaryID = nil
            state.elements = [:]
            state.paymentResult = nil
            state.loading = nil
            state.partnerStates = [:]
            state.registered = []
            state.secondaries = []
            state.redirect = nil
            transition(&state, to: .idle)
            touch(state)
        }
    }

    /// Ends the checkout: ``SessionState/terminated``; elements and submits are refused from now on.
    /// A submission in flight finishes and reports its outcome, but no longer moves the state.
    public func terminate() {
        withState { state in
            state.generation += 1
            state.loading = nil
            transition(&state, to: .terminated)
        }
    }

    /// `PurseHeadlessCheckout(cs_…, ready)`: the session id and state, never the secret.
    public var description: String {
        let (id, current) = state.withLock { ($0.session.sessionID, $0.sessionState) }
        return "PurseHeadlessCheckout(\(id), \(current.rawValue))"
    }

    /// The session id, amount, currency and state only: no secret, no card data, no transport internals.
    public var customMirror: Mirror {
        let (session, current) = state.withLock { ($0.session, $0.sessionState) }
        return Mirror(
            self,
            children: [
                "sessionID": session.sessionID, "amount": session.amount, "currency": session.currency,
                "sessionState": current,
            ], displayStyle: .class)
    }

    // MARK: - Internals

    /// Runs `body` under the lock.
    @discardableResult
    func withState<T, Failure: Error>(_ body: (inout CheckoutState) throws(Failure) -> T) throws(Failure) -> T {
        try state.withLock(body)
    }

    /// Moves to `next` and announces it (no announcement when nothing changes).
    func transition(_ state: inout CheckoutState, to next: SessionState) {
        guard state.sessionState != next else { return }
        let previous = state.sessionState
        state.sessionState = next
        trace.note("session \(state.session.sessionID): \(previous.rawValue) → \(next.rawValue)")
        stateChanges.yield(next)
        touch(state)
    }

    /// Tells observers (``PurseCheckoutState``) that what they show may have changed.
    func touch(_ state: CheckoutState) {
        changes.yield(state.generation)
    }

    /// Moves a session whose expiry has passed to ``SessionState/expired``: from `idle`, `ready` and `error`
    /// (the contract's "any → expired"). Never from `submitting`, whose answer decides first, nor from
    /// `submitted` or `terminated`, which stay final: a paid session keeps showing its payment.
    func noticeExpiry(_ state: inout CheckoutState) {
        guard [.idle, .ready, .error].contains(state.sessionState), environment.clock.now >= state.expiry else {
            return
        }
        transition(&state, to: .expired)
    }

    /// The API for the current session.
    func api(for session: WidgetSession) -> CheckoutAPI {
        CheckoutAPI(
            session: session, transport: environment.transport, trace: trace, clock: environment.clock,
            requestTimeout: environment.options.requestTimeout)
    }

    /// The session's expiry on `clock`, from its wall-clock `expires_at`; throws when it has passed.
    private static func expiry(
        of session: WidgetSession, clock: SDKClock, wallClock: @Sendable () -> Date
    ) throws(PurseCheckoutError) -> ContinuousClock.Instant {
        let remaining = session.expiresAt.timeIntervalSince(wallClock())
        guard remaining > 0 else { throw .sessionExpired }
        return clock.now + .milliseconds(Int64(min(remaining, 10 * 365 * 86_400) * 1000))
    }
}
