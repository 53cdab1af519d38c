import ErrorCore
import Foundation
import SDKTransport

extension Palbe {
    /// The one transport path: prepare, seal, then attempt until an answer is final.
    ///
    /// Throws ``BackendError`` without reporting it; ``perform(_:as:)`` reports.
    func exchange(_ request: PBRequest) async throws(BackendError) -> Delivery {
        guard base.isUsable else { throw .notConfigured }
        var prepared = try PreparedRequest(request, base: base)
        if prepared.requiresSealing {
            do {
                try prepared.seal(to: try await sealingKeys.key(fetch: fetchSealingKey))
            } catch {
                throw .transport(
                    TransportFailure(
                        message: "The request to \(prepared.routePath) must be sealed and cannot be "
                            + "(\(error.reason)); nothing was sent",
                        requestSent: false, underlying: error.underlying ?? error))
            }
        }
        return try await attempt(prepared)
    }

    /// Sends `prepared` until the outcome is final: resending idempotent requests after no response
    /// or 502/503/504, once with a solved proof of work after `pow_required`, and once after a
    /// session refresh following a 401.
    private func attempt(_ prepared: PreparedRequest) async throws(BackendError) -> Delivery {
        let trace = HTTPTrace(logger: runtime.logger, enabled: runtime.traceHTTP)
        var retries = 0
        var proof: ProofOfWorkSolution?
        var solvedProofOfWork = false
        var refreshedSession = false

        while true {
            let session = await sessionHeaders(for: prepared)
            let request = prepared.httpRequest(
                headers: ClientHeaders.make(for: prepared, base: base, session: session, proof: proof),
                timeout: configuration.requestTimeout)
            // A challenge is single-use: a later resend must not carry it again.
            proof = nil

            trace.request(request, sealed: prepared.sealing != nil)
            let started = ContinuousClock.now
            let response: HTTPResponse
            do {
                response = try await transport.send(request)
            } catch let error as TransportError {
                trace.failure(error.description, of: request, duration: ContinuousClock.now - started)
                let failure = BackendErrorMapping.error(for: error)
                if case .network = failure, prepared.method.isIdempotent,
                    let delay = runtime.retryPolicy.delay(
                        afterRetries: retries, retryAfter: nil, random: runtime.random())
                {
                    retries += 1
                    trace.note("retry \(retries) of \(request.method) in \(delay) after no response")
                    try await pause(delay)
                    continue
                }
                throw failure
            } catch {
                trace.failure("cancelled", of: request, duration: ContinuousClock.now - started)
                throw Self.cancelled(error, requestSent: true)
            }

            let requestID = response.headers["X-Request-Id"]?.nonBlank
            if let requestID { runtime.correlation.record(requestID) }
            trace.response(
                response, to: request, duration: ContinuousClock.now - started,
                sealed: response.headers[BodySealer.header] == BodySealer.version)
            let body = unsealed(response, for: prepared)

            if (200..<300).contains(response.status) {
                guard let body else {
                    throw .transport(
                        TransportFailure(
                            message: "The sealed response from \(prepared.routePath) did not authenticate",
                            requestSent: true))
                }
                return Delivery(status: response.status, body: body, requestID: requestID)
            }

            let failure = BackendErrorMapping.error(status: response.status, headers: response.headers, body: body)

            if response.status == 403, !solvedProofOfWork, case .server(let server) = failure,
                server.code == "pow_required", let challenge = ProofOfWorkChallenge(server.data)
            {
                solvedProofOfWork = true
                trace.note("solving a proof-of-work challenge of difficulty \(challenge.difficulty)")
                do {
                    guard let solution = try await ProofOfWorkSolver.solve(challenge) else { throw failure }
                    proof = solution
                } catch let error as BackendError {
                    throw error
                } catch {
                    throw Self.cancelled(error, requestSent: true)
                }
                continue
            }

            if response.status == 401, !refreshedSession, let rejected = session.bearer,
                let authority = sessionAuthority, await authority.refreshAfterUnauthorized(rejectedToken: rejected)
            {
                refreshedSession = true
                trace.note("replaying \(request.method) after a session refresh")
                continue
            }

            if RetryPolicy.retriedStatuses.contains(response.status), prepared.method.isIdempotent,
                let delay = runtime.retryPolicy.delay(
                    afterRetries: retries, retryAfter: RetryAfter.seconds(from: response.headers["Retry-After"]),
                    random: runtime.random())
            {
                retries += 1
                trace.note("retry \(retries) of \(request.method) in \(delay) after \(response.status)")
                try await pause(delay)
                continue
            }
            throw failure
        }
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
    private func sessionHeaders(for prepared: PreparedRequest) async -> SessionHeaders {
        guard let authority = sessionAuthority else { return SessionHeaders() }
        var headers = SessionHeaders()
        if !RequestRoutes.isUnauthenticated(prepared.routePath) {
            headers.bearer = await authority.accessToken()
        }
        if RequestRoutes.carriesDPoP(prepared.routePath) {
            headers.dpop = await authority.dpopProof(method: prepared.method.rawValue, url: prepared.url)
        }
        return headers
    }

    /// Waits between attempts; cancellation ends the call as ``BackendError/transport(_:)``.
    private func pause(_ delay: Duration) async throws(BackendError) {
        do {
            try await runtime.sleep(delay)
        } catch {
            throw Self.cancelled(error, requestSent: true)
        }
    }

    /// The error for a call its task cancelled (or any other non-transport error from below).
    private static func cancelled(_ error: any Error, requestSent: Bool) -> BackendError {
        .transport(
            TransportFailure(
                message: error is CancellationError ? "The call was cancelled" : String(describing: error),
                urlErrorCode: .cancelled, requestSent: requestSent, underlying: error))
    }

    /// `GET /.well-known/palbase-sealing-key`, outside the call path (no hook, no retries).
    @Sendable
    func fetchSealingKey() async throws -> SealingKey {
        guard base.isUsable, let url = base.url(routePath: "/.well-known/palbase-sealing-key", query: "") else {
            throw SealingUnavailable("the base URL cannot address the sealing key")
        }
        let request = HTTPRequest(
            method: "GET", url: url, headers: ClientHeaders.base(base),
            timeout: configuration.requestTimeout)
        let trace = HTTPTrace(logger: runtime.logger, enabled: runtime.traceHTTP)
        trace.request(request, sealed: false)
        let started = ContinuousClock.now
        let response: HTTPResponse
        do {
            response = try await transport.send(request)
        } catch {
            trace.failure(String(describing: error), of: request, duration: ContinuousClock.now - started)
            throw SealingUnavailable("the sealing key could not be fetched", underlying: error)
        }
        trace.response(response, to: request, duration: ContinuousClock.now - started, sealed: false)
        guard response.status == 200 else {
            throw SealingUnavailable("the sealing key endpoint answered \(response.status)")
        }
        return try SealingKey(document: response.body)
    }
}
