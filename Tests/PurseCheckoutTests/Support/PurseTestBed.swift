import EmulatorPurse
import EmulatorTestSupport
import ErrorCore
import Foundation
import PurseCheckout
import PurseTools
import SDKCrypto
import SDKTransport
import Testing

/// An emulator with Purse mounted at `/purse`, and what tests build on it: sessions minted through the
/// merchant endpoint, checkouts on real HTTP with an injected clock, and the emulator's records.
struct PurseTestBed: Sendable {
    let server: EmulatorServer
    let service: PurseEmulator
    let baseURL: URL
    let merchant: PurseMerchantClient
    /// Admin calls (`/__emulator/purse/…`).
    let admin: EmulatorTestClient

    /// Mints a session of `amount` minor units.
    func session(amount: Int = 4_999) async throws -> PurseMerchantClient.Session {
        try await merchant.createSession(amount: amount)
    }

    /// A checkout for `session` on real HTTP; waits return at once (``SDKClock/instant``) unless a
    /// clock is given, and the pending-payment store is in memory unless one is given. Its plugin
    /// registry is its own (empty unless given): no test touches `PluginRegistry.shared`.
    func checkout(
        _ session: PurseMerchantClient.Session, disabledMethods: [String] = [], clock: SDKClock = .instant(),
        transport: (any Transport)? = nil, logger: any SDKLogger = NoLogger(), store: (any SecureStore)? = nil,
        requestTimeout: Duration = .seconds(20), returnURL: URL? = nil, plugins: PluginRegistry = PluginRegistry()
    ) throws -> PurseHeadlessCheckout {
        try PurseHeadlessCheckout(
            widgetData: session.widgetData, disabledMethods: disabledMethods,
            options: PurseCheckoutOptions(
                returnURL: returnURL, requestTimeout: requestTimeout, logger: logger, storage: .memory,
                plugins: plugins),
            transport: transport ?? DefaultTransport.make(), clock: clock, pendingStore: store)
    }

    /// A loaded checkout with a filled card element selected as primary.
    func cardCheckout(
        number: String = "4242 4242 4242 4242", cvv: String = "737", amount: Int = 4_999, clock: SDKClock = .instant(),
        transport: (any Transport)? = nil, logger: any SDKLogger = NoLogger(), store: (any SecureStore)? = nil,
        requestTimeout: Duration = .seconds(20)
    ) async throws -> (PurseHeadlessCheckout, CardElement, PurseMerchantClient.Session) {
        let session = try await session(amount: amount)
        let checkout = try checkout(
            session, clock: clock, transport: transport, logger: logger, store: store, requestTimeout: requestTimeout)
        try await checkout.load()
        let card = try #require(try checkout.paymentElement(for: "creditcard") as? CardElement)
        card.setNumber(number)
        card.setExpiry(month: 12, year: 2099)
        card.setCVV(cvv)
        try checkout.setPrimary("creditcard")
        return (checkout, card, session)
    }

    /// The payments the emulator recorded for `sessionID`.
    func payments(_ sessionID: String) throws -> Int {
        try server.pursePaymentCount(sessionID: sessionID)
    }

    /// The logged requests to the session's route ending in `suffix` (`init`, `validate`, `status`).
    func requests(_ sessionID: String, _ suffix: String) throws -> [LoggedRequest] {
        try server.requests(to: "/purse/checkout/v1/sessions/\(sessionID)/\(suffix)")
    }

    /// Adds a fault to the session's `suffix` route.
    /// The fault that keeps a `validate` executing, its idempotency key claimed, for 15 s: long enough
    /// that replays held up for seconds on the loaded parallel pool still find it in flight (5 s was
    /// not, in a slow clean-clone run). Tests wait for states, so the 15 s costs time only then.
    static let validateHeldInFlight = FaultAction.delay(milliseconds: 15_000)

    /// A transport on which the first `times` `validate` requests time out once the emulator has them
    /// (logged, their idempotency key claimed), as a transport's own timeout does after sending;
    /// everything else goes on to the emulator. A timeout of 200 ms, say, could expire on a loaded machine
    /// before the request left, and then it would be a different test.
    func validateTimingOut(times: Int = .max) -> ScriptedTransport {
        let server = server
        let attempts = Locked([String: Int]())
        return ScriptedTransport(
            .timeOut(times: times, when: { $0.url.path.hasSuffix("/validate") }) { request in
                let key = request.headers["Idempotency-Key"] ?? ""
                let attempt = attempts.withLock { counts in
                    counts[key, default: 0] += 1
                    return counts[key, default: 0]
                }
                try await waitUntil {
                    let arrived = try server.requests(to: request.url.path).filter {
                        $0.header("Idempotency-Key", carried: key)
                    }
                    let claimed = try server.purseIdempotencyState(key: key) != nil
                    return arrived.count >= attempt && claimed
                }
            })
    }

    func fault(_ action: FaultAction, _ sessionID: String, _ suffix: String, count: Int? = 1) throws {
        try server.addFault(
            action, method: suffix == "status" ? "GET" : "POST",
            pathPrefix: "/purse/checkout/v1/sessions/\(sessionID)/\(suffix)", count: count)
    }

    /// Sets a method's server disabled state through the admin API.
    func disable(_ method: String, code: String) async throws {
        let response = try await admin.send(
            "PUT", "/__emulator/purse/methods/\(method)/disabled", body: Data(#"{"code":"\#(code)"}"#.utf8))
        try #require(response.status == 200)
    }
}

/// Runs `body` against a fresh in-memory emulator serving Purse; UNCERTAIN payments settle after
/// `settleDelay`.
func withPurse<T>(
    settleDelay: Duration = .milliseconds(1), isolation: isolated (any Actor)? = #isolation,
    _ body: (PurseTestBed) async throws -> T
) async throws -> T {
    var configuration = EmulatorConfiguration.testing()
    let service = PurseEmulator(settleDelay: settleDelay)
    configuration.mount(service, at: "/purse")
    return try await withRunningEmulator(configuration) { server, baseURL in
        let bed = PurseTestBed(
            server: server, service: service, baseURL: baseURL,
            merchant: PurseMerchantClient(
                apiRoot: baseURL.appendingPathComponent("purse"), apiKey: PurseEmulator.defaultMerchantAPIKey),
            admin: EmulatorTestClient(baseURL: baseURL, timeout: 30))
        return try await body(bed)
    }
}

extension SDKClock {
    /// A clock whose waits return at once; each wait is added to `waits` when given.
    static func instant(recording waits: Locked<[Duration]>? = nil) -> SDKClock {
        SDKClock(sleep: { duration in waits?.withLock { $0.append(duration) } })
    }
}

/// An outcome a test did not expect, thrown to fail it.
struct UnexpectedOutcome: Error {
    let outcome: PaymentOutcome
}

/// The error of a `.failed` outcome; throws ``UnexpectedOutcome`` (failing the test) for any other.
func failure(_ outcome: PaymentOutcome) throws -> any PurseError {
    guard case .failed(let error) = outcome else { throw UnexpectedOutcome(outcome: outcome) }
    return error
}
