import ErrorCore
import Foundation
import SDKCrypto
import SDKTransport

// The one path every Palbe request takes, and the presets it runs with: the trace's configuration and
// the backoff policy.

// MARK: - RequestPipeline

/// The one path every Palbe request takes: prepare, seal, then attempt until an answer is final, each
/// attempt through the shared ``HTTPExchange``.
///
/// Which recovery rules run, and whether attempts carry a session, is the ``ExchangePlan``'s: the
/// client's calls run ``ExchangePlan/call(_:)``, the session manager's own refresh and step-up run
/// ``ExchangePlan/sessionRotation``, which has no session rule, so a rotation can never start another.
/// The pipeline holds no state of its own; the client and its session manager share one.
struct RequestPipeline: Sendable {
    let configuration: PalbeConfiguration
    let base: RequestBase
    let transport: any Transport
    let runtime: PalbeRuntime
    let sealingKeys: SealingKeyStore
    /// The device's App Attest key, enrolled the first time a route demands attestation.
    let attestation: AppAttestEnrollment

    init(configuration: PalbeConfiguration, transport: any Transport, runtime: PalbeRuntime) {
        self.configuration = configuration
        base = RequestBase(configuration)
        self.transport = transport
        self.runtime = runtime
        sealingKeys = SealingKeyStore(pinned: configuration.sealingKey)
        attestation = AppAttestEnrollment(
            attester: runtime.appAttester ?? AppAttesters.platformDefault,
            store: runtime.sessionStore ?? SessionStorage.platformDefault,
            storeKey: AppAttestEnrollment.storeKey(for: configuration))
    }

    /// Sends `request` as `plan` says, the session's headers (when the plan carries them) from `authority`;
    /// when the call ends on a non-2xx, `rejection` is that response (what `pb.auth` reads `Retry-After`
    /// from). Throws ``BackendError`` without reporting it; ``PalbeClient/perform(_:reading:)`` reports.
    func exchange(
        _ request: PBRequest, plan: ExchangePlan, authority: (any PalbeSessionAuthority)?,
        rejection: inout ExchangeRejection?
    ) async throws(BackendError) -> Delivery {
        guard base.isUsable else { throw .notConfigured }
        var prepared = try PreparedRequest(request, base: base)
        if prepared.requiresSealing {
            do {
                try prepared.seal(to: try await sealingKeys.key(fetch: fetchSealingKey))
            } catch {
                throw PalbeClient.unsealable(routePath: prepared.routePath, error)
            }
        }
        return try await run(prepared, plan: plan, authority: authority, rejection: &rejection)
    }

    /// `GET /.well-known/palbase-sealing-key` through the same pipeline with its own plan
    /// (``ExchangePlan/sealingKeyFetch``: no rules, no session); outside the call path, so no hook.
    @Sendable
    func fetchSealingKey() async throws -> SealingKey {
        guard base.isUsable,
            let prepared = try? PreparedRequest(PBRequest(.get, [".well-known/palbase-sealing-key"]), base: base)
        else {
            throw SealingUnavailable("the base URL cannot address the sealing key")
        }
        let delivery: Delivery
        var rejection: ExchangeRejection?
        do {
            delivery = try await run(prepared, plan: .sealingKeyFetch, authority: nil, rejection: &rejection)
        } catch {
            if let status = error.statusCode {
                throw SealingUnavailable("the sealing key endpoint answered \(status)")
            }
            throw SealingUnavailable("the sealing key could not be fetched", underlying: error.underlyingError ?? error)
        }
        guard delivery.status == 200 else {
            throw SealingUnavailable("the sealing key endpoint answered \(delivery.status)")
        }
        return try SealingKey(document: delivery.body)
    }

    /// Sends `prepared` until the outcome is final, applying `plan`'s rules in their order (for calls,
    /// the one documented on ``RecoveryRules/calls(backoff:)``): before each attempt every rule may
    /// prepare it; after an attempt that got no response or a non-2xx, the first rule that does not
    /// pass decides whether to resend, wait and resend, or fail. When every rule passes, the
    /// outcome's failure is thrown.
    ///
    /// Final without asking the rules: a 2xx, a sealed 2xx that does not authenticate, and a
    /// cancelled task. When the call ends on a non-2xx, `rejection` is that response.
    private func run(
        _ prepared: PreparedRequest, plan: ExchangePlan, authority sessionAuthority: (any PalbeSessionAuthority)?,
        rejection: inout ExchangeRejection?
    ) async throws(BackendError) -> Delivery {
        let trace = runtime.trace
        let note: @Sendable (String) -> Void = { trace.note($0) }
        var rules = plan.rules
        var retries = 0
        var nextHeaders = HTTPHeaders()

        while true {
            let authority = plan.carriesSession ? sessionAuthority : nil
            var attempt = Attempt(
                session: try await sessionHeaders(for: prepared, from: authority), headers: nextHeaders)
            // Headers a rule asked for are for one attempt: a proof of work must not be sent twice.
            nextHeaders = HTTPHeaders()
            let context = RecoveryContext(
                method: prepared.method, routePath: prepared.routePath, retries: retries,
                sessionAuthority: authority, attestation: PipelineAttestation(enrollment: attestation, pipeline: self),
                body: prepared.upload == nil ? prepared.body ?? Data() : nil, note: note)
            try await rules.prepare(&attempt, in: context)

            let request = prepared.httpRequest(
                headers: ClientHeaders.make(
                    for: prepared, base: base, session: attempt.session, extra: attempt.headers),
                timeout: configuration.requestTimeout)
            let outcome: AttemptOutcome
            switch try await send(request, for: prepared, trace: trace, recordingRequestID: plan.recordsRequestID) {
            case .delivered(let delivery): return delivery
            case .failed(let failed): outcome = failed
            }

            switch await rules.decide(after: outcome, to: attempt, in: context) {
            case .pass:
                rejection = ExchangeRejection(outcome)
                throw outcome.failure
            case .fail(let error):
                rejection = ExchangeRejection(outcome)
                throw error
            case .resend(let headers):
                nextHeaders = headers
            case .retry(let delay):
                retries += 1
                try await pause(delay)
            }
        }
    }

    /// One attempt on the wire, through the exchange every SDK shares: a 2xx as delivered, no response or
    /// a non-2xx as the outcome the rules decide on.
    private func send(
        _ request: HTTPRequest, for prepared: PreparedRequest, trace: ExchangeTrace, recordingRequestID: Bool
    ) async throws(BackendError) -> SentAttempt {
        let outcome: HTTPExchange.Outcome
        do {
            outcome = try await HTTPExchange(transport: transport, trace: trace, clock: runtime.clock).send(
                request,
                tracing: .init(
                    sealedRequest: prepared.sealing != nil,
                    sealedResponse: { $0[BodySealer.header] == BodySealer.version }))
        } catch {
            throw .cancelled(error.underlying, requestSent: true)
        }
        let response: HTTPResponse
        switch outcome {
        case .noResponse(let error): return .failed(.noResponse(BackendErrorMapping.error(for: error)))
        case .response(let answer): response = answer
        }

        let requestID = response.headers["X-Request-Id"]?.nonBlank
        if recordingRequestID, let requestID { runtime.correlation.record(requestID) }
        let body = unsealed(response, for: prepared)

        guard (200..<300).contains(response.status) else {
            return .failed(
                .rejected(
                    status: response.status, headers: response.headers,
                    failure: BackendErrorMapping.error(status: response.status, headers: response.headers, body: body)
                ))
        }
        guard let body else {
            throw .transport(
                TransportFailure(
                    message: "The sealed response from \(prepared.routePath) did not authenticate",
                    requestSent: true))
        }
        return .delivered(Delivery(status: response.status, body: body, requestID: requestID))
    }

    /// The body to read: opened when the request was sealed and the answer says it is sealed,
    /// `nil` when it does not authenticate, as received otherwise.
    private func unsealed(_ response: HTTPResponse, for prepared: PreparedRequest) -> Data? {
        guard let session = prepared.sealing, response.headers[BodySealer.header] == BodySealer.version,
            !response.body.isEmpty
        else { return response.body }
        return BodySealer.open(response.body, session: session)
    }

    /// The session layer's contribution to one attempt.
    private func sessionHeaders(
        for prepared: PreparedRequest, from authority: (any PalbeSessionAuthority)?
    ) async throws(BackendError) -> SessionHeaders {
        guard let authority else { return SessionHeaders() }
        var headers = SessionHeaders()
        if !RequestRoutes.isUnauthenticated(prepared.routePath) {
            do {
                headers.bearer = try await authority.accessToken()
            } catch {
                throw error.failure
            }
        }
        if RequestRoutes.carriesDPoP(prepared.routePath) {
            headers.dpop = await authority.dpopProof(method: prepared.method.rawValue, url: prepared.url)
        }
        return headers
    }

    /// Waits between attempts; cancellation ends the call as ``BackendError/transport(_:)``.
    private func pause(_ delay: Duration) async throws(BackendError) {
        do {
            try await runtime.clock.sleep(for: delay)
        } catch {
            throw .cancelled(error, requestSent: true)
        }
    }
}

extension PalbeClient {
    /// The error for a request to `routePath` that must be sealed and cannot be: nothing was sent.
    static func unsealable(routePath: String, _ error: SealingUnavailable) -> BackendError {
        .transport(
            TransportFailure(
                message: "The request to \(routePath) must be sealed and cannot be (\(error.reason)); nothing was sent",
                requestSent: false, underlying: error.underlying ?? error))
    }

    /// ``unsealable(routePath:_:)`` for `reason`, for the golden vectors.
    package static func unsealable(routePath: String, reason: String) -> BackendError {
        unsealable(routePath: routePath, SealingUnavailable(reason))
    }
}

/// The enrollment as the rules see it, sending through the pipeline that asks.
private struct PipelineAttestation: AppAttestAuthority {
    let enrollment: AppAttestEnrollment
    let pipeline: RequestPipeline

    func assertionHeaders(coveringBody body: Data) async throws(AppAttestError) -> HTTPHeaders {
        try await enrollment.assertionHeaders(coveringBody: body, via: pipeline)
    }

    func assertionRefused(_ headers: HTTPHeaders) async {
        guard let keyID = headers[AppAttestWire.keyHeader] else { return }
        await enrollment.assertionRefused(keyID: keyID)
    }
}

/// How one attempt on the wire ended.
private enum SentAttempt {
    case delivered(Delivery)
    case failed(AttemptOutcome)
}

extension BackendError {
    /// The error for a call its task cancelled (or any other non-transport error from below).
    static func cancelled(_ error: any Error, requestSent: Bool) -> BackendError {
        .transport(
            TransportFailure(
                message: error is CancellationError ? "The call was cancelled" : String(describing: error),
                urlErrorCode: .cancelled, requestSent: requestSent, underlying: error))
    }
}

// MARK: - ExchangeTrace+Palbe

extension ExchangeTrace.Configuration {
    /// The `PALBASE_DEBUG=1` HTTP trace: one record per request and one per outcome, at
    /// `LogLevel.trace` under subsystem `studio.palbase.sdk`, category `http`.
    ///
    /// Everything passes through `Redactor` first, whose one rule masks headers and fields alike
    /// (`apikey`, `Authorization`, `DPoP`, the App Attest headers `X-Palbase-Attest-Key` and
    /// `X-Palbase-Attest-Assertion`, any name with `token`, `secret`, `password`, `session`, `card`,
    /// `pin`, `otp`, … in it), and bodies are cut to 2 KB. Sealed bodies are never shown, not even
    /// redacted: they are sealed because they are sensitive.
    static let palbe = ExchangeTrace.Configuration(
        subsystem: "studio.palbase.sdk", category: "http", redactor: .standard, format: .detailed, bodies: .redacted)
}

// MARK: - BackoffPolicy+Palbe

extension BackoffPolicy {
    /// When and how long Palbe waits before resending an idempotent request.
    ///
    /// `GET`, `QUERY`, `PUT` and `DELETE` are resent after a failure that got no response
    /// (``BackendError/network(_:)``) and after the ``palbeRetriedStatuses``, at most twice. The wait
    /// doubles from 250 ms, is capped at 2 s, and is jittered to between half and all of that. A
    /// `Retry-After` of at most 10 s is honoured (the wait is then at least that long); a longer one
    /// surfaces the response at once instead of waiting. `POST` and `PATCH` are never resent.
    package static let palbe = BackoffPolicy(
        maxRetries: 2, baseDelay: .milliseconds(250), maxDelay: .seconds(2), jitter: .equal,
        maxRetryAfter: .seconds(10))

    /// The statuses Palbe resends (idempotent requests only): 502, 503 and 504.
    package static let palbeRetriedStatuses: Set<Int> = [502, 503, 504]
}
