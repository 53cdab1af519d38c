import ErrorCore
import Foundation

/// One exchange on the wire, made the same way by every SDK in the package.
///
/// The request is traced (through the trace's ``Redactor``), timed on the shared ``SDKClock``, sent,
/// and its response or failure traced. The three ways an exchange can end stay apart:
///
/// - a response, whatever its status: ``Outcome/response(_:)``, or only a 2xx through
///   ``accepted(_:tracing:failures:)``;
/// - no response: ``Outcome/noResponse(_:)`` with the transport's ``TransportError``, whose
///   `requestSent` says whether the server may have acted on the request;
/// - the calling task cancelled (or anything else a transport throws that is not a `TransportError`):
///   thrown as ``Cancelled``, which no caller retries.
///
/// Each SDK keeps only what is its own: the headers its requests carry, what it does after a failure
/// (Palbe's recovery rules, Purse's validator, Chatbase's single attempt) and one function from a failure
/// to its public error (``FailureMapping``). The exchange lives here, beside the ``Transport`` and the
/// ``ExchangeTrace`` it joins, because ErrorCore holds no HTTP.
package struct HTTPExchange: Sendable {
    package let transport: any Transport
    package let trace: ExchangeTrace
    package let clock: SDKClock

    package init(transport: any Transport, trace: ExchangeTrace, clock: SDKClock) {
        self.transport = transport
        self.trace = trace
        self.clock = clock
    }

    /// How the trace shows one exchange, beyond what its configuration says.
    package struct Tracing: Sendable {
        /// The request's body is sealed: the trace gives its size only.
        package var sealedRequest: Bool
        /// The request as the trace shows it, when that must differ from what is sent (a request that
        /// carries card data is traced without its body).
        package var shownRequest: HTTPRequest?
        /// Whether a response's body is sealed, read from its headers.
        package var sealedResponse: @Sendable (HTTPHeaders) -> Bool

        package init(
            sealedRequest: Bool = false, shownRequest: HTTPRequest? = nil,
            sealedResponse: @escaping @Sendable (HTTPHeaders) -> Bool = { _ in false }
        ) {
            self.sealedRequest = sealedRequest
            self.shownRequest = shownRequest
            self.sealedResponse = sealedResponse
        }
    }

    /// How a buffered exchange ended, when the calling task was not cancelled.
    package enum Outcome: Sendable {
        /// An answer, whatever its status.
        case response(HTTPResponse)
        /// No answer.
        case noResponse(TransportError)
    }

    /// How a streamed exchange's head ended, when the calling task was not cancelled.
    package enum StreamOutcome: Sendable {
        /// An answer's head, whatever its status; the body is still to be read.
        case response(HTTPStreamingResponse)
        /// No answer.
        case noResponse(TransportError)
    }

    /// The calling task was cancelled while the exchange ran (`underlying` is what the transport threw;
    /// the request may have left).
    package struct Cancelled: Error {
        package let underlying: any Error
    }

    /// The one function from an exchange's failure to an SDK's public error, in its three parts.
    package struct FailureMapping<Failure: Error>: Sendable {
        /// No response.
        package var noResponse: @Sendable (TransportError) -> Failure
        /// A response that is not a 2xx (its body read in full, or up to the limit for a stream).
        package var rejected: @Sendable (_ status: Int, _ headers: HTTPHeaders, _ body: Data) -> Failure
        /// The calling task was cancelled.
        package var cancelled: @Sendable (any Error) -> Failure

        package init(
            noResponse: @escaping @Sendable (TransportError) -> Failure,
            rejected: @escaping @Sendable (_ status: Int, _ headers: HTTPHeaders, _ body: Data) -> Failure,
            cancelled: @escaping @Sendable (any Error) -> Failure
        ) {
            self.noResponse = noResponse
            self.rejected = rejected
            self.cancelled = cancelled
        }
    }

    // MARK: - Exchanges

    /// Sends `request` once and says how it ended.
    package func send(_ request: HTTPRequest, tracing: Tracing = Tracing()) async throws(Cancelled) -> Outcome {
        let started = begin(request, tracing)
        do {
            let response = try await transport.send(request)
            trace.response(
                response, to: request, duration: clock.elapsed(since: started),
                sealed: tracing.sealedResponse(response.headers))
            return .response(response)
        } catch {
            return .noResponse(try failed(error, of: request, started: started))
        }
    }

    /// Opens `request` as a stream and says how its head ended.
    package func stream(
        _ request: HTTPRequest, tracing: Tracing = Tracing()
    ) async throws(Cancelled)
        -> StreamOutcome
    {
        let started = begin(request, tracing)
        do {
            let response = try await transport.stream(request)
            trace.response(response, to: request, duration: clock.elapsed(since: started))
            return .response(response)
        } catch {
            return .noResponse(try failed(error, of: request, started: started))
        }
    }

    /// ``send(_:tracing:)`` for a caller that takes only a 2xx: every other ending goes through
    /// `failures`.
    package func accepted<Failure: Error>(
        _ request: HTTPRequest, tracing: Tracing = Tracing(), failures: FailureMapping<Failure>
    ) async throws(Failure) -> HTTPResponse {
        let outcome: Outcome
        do {
            outcome = try await send(request, tracing: tracing)
        } catch {
            throw failures.cancelled(error.underlying)
        }
        switch outcome {
        case .noResponse(let error):
            throw failures.noResponse(error)
        case .response(let response):
            guard (200..<300).contains(response.status) else {
                throw failures.rejected(response.status, response.headers, response.body)
            }
            return response
        }
    }

    /// ``stream(_:tracing:)`` for a caller that takes only a 2xx: for another status, `failures` gets the
    /// body when it is at most `errorBodyLimit` bytes, else an empty one (the status is what matters).
    package func acceptedStream<Failure: Error>(
        _ request: HTTPRequest, tracing: Tracing = Tracing(), errorBodyLimit: Int, failures: FailureMapping<Failure>
    ) async throws(Failure) -> HTTPStreamingResponse {
        let outcome: StreamOutcome
        do {
            outcome = try await stream(request, tracing: tracing)
        } catch {
            throw failures.cancelled(error.underlying)
        }
        switch outcome {
        case .noResponse(let error):
            throw failures.noResponse(error)
        case .response(let response):
            guard (200..<300).contains(response.status) else {
                let body = (try? await response.body.collect(upTo: errorBodyLimit)) ?? Data()
                if Task.isCancelled { throw failures.cancelled(CancellationError()) }
                throw failures.rejected(response.status, response.headers, body)
            }
            return response
        }
    }

    /// Traces `request` about to leave (as `tracing` shows it) and returns when it left.
    private func begin(_ request: HTTPRequest, _ tracing: Tracing) -> ContinuousClock.Instant {
        trace.request(tracing.shownRequest ?? request, sealed: tracing.sealedRequest)
        return clock.now
    }

    /// Traces what a transport threw and returns it as the failure: a ``TransportError`` is no response,
    /// anything else a cancelled call.
    private func failed(
        _ error: any Error, of request: HTTPRequest, started: ContinuousClock.Instant
    )
        throws(Cancelled) -> TransportError
    {
        let duration = clock.elapsed(since: started)
        guard let failure = error as? TransportError else {
            trace.failure("cancelled", of: request, duration: duration)
            throw Cancelled(underlying: error)
        }
        trace.failure(failure.description, of: request, duration: duration)
        return failure
    }
}
