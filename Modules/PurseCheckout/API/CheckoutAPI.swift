import ErrorCore
import Foundation
import SDKCrypto
import SDKTransport

/// One session's Checkout API: builds each request (the contract's headers), sends it through the
/// shared exchange, and turns every failure into a ``PaymentAPIError`` through ``PaymentAPIErrorMapping``.
///
/// ``retrying(_:_:body:idempotencyKey:as:)`` is the retry of the calls that only retry (`/init`,
/// `items/init`, the status): after a 5xx or no answer to a request that left, as a `BackoffPolicy`
/// allows. `validate` is not one of them: the PaymentValidator decides its replays.
struct CheckoutAPI: Sendable {
    let session: WidgetSession
    let transport: any Transport
    let trace: ExchangeTrace
    let clock: SDKClock
    /// The limit on each exchange; `nil` uses the transport's.
    let requestTimeout: Duration?

    /// Sends one request and returns the body of its 2xx answer.
    ///
    /// Throws ``PaymentAPIError`` for anything else, or `CancellationError` when the calling task is
    /// cancelled (the request may then have left: a caller that cares treats it as no answer).
    func send(_ endpoint: CheckoutEndpoint, body: Data? = nil, idempotencyKey: String? = nil) async throws -> Data {
        var path: String { endpoint.path(sessionID: session.sessionID) }
        guard let url = session.endpointURLs[endpoint] else {
            throw PaymentAPIErrorMapping.unsendable(path: path, reason: "the API root cannot address \(path)")
        }
        // Card data crosses the network only encrypted: a production session's vault is never called
        // over plain http (a sandbox on loopback may be).
        if endpoint.carriesCardData, session.environment == "production", url.scheme?.lowercased() != "https" {
            throw PaymentAPIErrorMapping.unsendable(
                path: path, reason: "card data is never sent over http for a production session")
        }
        var fields: [(name: String, value: String)] = [
            ("Authorization", session.authorization), ("X-Purse-SDK", Self.sdkHeader),
            ("X-Request-ID", SecureRandom.lowercaseUUIDString()), ("Accept", "application/json"),
        ]
        fields.reserveCapacity(6)
        if body != nil { fields.append(("Content-Type", "application/json")) }
        if let idempotencyKey { fields.append(("Idempotency-Key", idempotencyKey)) }
        let headers = HTTPHeaders(fields)
        let request = HTTPRequest(
            method: endpoint.method, url: url, headers: headers, body: body, timeout: requestTimeout)

        // Card data never reaches the trace: the vault request is traced without its body.
        let shown = endpoint.carriesCardData ? HTTPRequest(method: request.method, url: url, headers: headers) : nil
        let exchange = HTTPExchange(transport: transport, trace: trace, clock: clock)
        return try await exchange.accepted(
            request, tracing: .init(shownRequest: shown), failures: PaymentAPIErrorMapping.failures(path: path)
        ).body
    }

    /// `X-Purse-SDK`'s value.
    private static let sdkHeader = "swift/\(PurseHeadlessCheckout.version)"

    /// Sends one request and decodes its 2xx answer as `T` with the wire's decoder; an answer that cannot
    /// be read is a ``PaymentAPIError`` with no status (``PaymentAPIErrorMapping/unreadable(path:decoding:)``).
    func call<T: Decodable & Sendable>(
        _ endpoint: CheckoutEndpoint, body: Data? = nil, idempotencyKey: String? = nil, as type: T.Type
    ) async throws -> T {
        let data = try await send(endpoint, body: body, idempotencyKey: idempotencyKey)
        do {
            return try CheckoutWire.decoder.decode(T.self, from: data)
        } catch {
            throw PaymentAPIErrorMapping.unreadable(path: endpoint.path(sessionID: session.sessionID), decoding: error)
        }
    }

    /// ``call(_:body:idempotencyKey:as:)`` again while its failure may pass on a retry (a 5xx, or no
    /// answer to a request that left: ``PaymentAPIError/isRetryable``), as `policy` allows, each retry
    /// noted in the trace. Never after a 4xx, and never for a request that provably never left.
    func retrying<T: Decodable & Sendable>(
        _ policy: BackoffPolicy, _ endpoint: CheckoutEndpoint, body: Data? = nil, idempotencyKey: String? = nil,
        as type: T.Type
    ) async throws -> T {
        try await policy.retrying(
            clock: clock,
            note: { retry, delay, failure in
                trace.note(
                    "retry \(retry) of \(endpoint.path(sessionID: session.sessionID)) in \(delay.wholeMilliseconds) ms "
                        + "after \((failure as? PaymentAPIError)?.logSummary ?? "a failure")")
            },
            decide: { failure in
                guard let failure = failure as? PaymentAPIError, failure.isRetryable else { return .stop }
                return .retry(retryAfter: failure.retryAfter)
            },
            operation: { try await call(endpoint, body: body, idempotencyKey: idempotencyKey, as: type) })
    }

    /// The status (`GET …/status`): the session and its last `validate` as the API sees
    /// them, retried as `policy` allows.
    func status(retrying policy: BackoffPolicy) async throws -> CheckoutWire.StatusAnswer {
        try await retrying(policy, .status, as: CheckoutWire.StatusAnswer.self)
    }
}
