/// The seam between the SDKs and the network: it moves one HTTP exchange and knows nothing about
/// any API.
///
/// Implementations: ``CurlTransport`` (default on Linux) and ``URLSessionTransport`` (default on
/// Apple platforms); ``DefaultTransport/make()`` picks one. Both follow the same rules, which the
/// shared conformance tests check:
/// - redirects are never followed: a 3xx is returned as a response;
/// - every failure is a ``TransportError`` whose ``TransportError/requestSent`` says whether the
///   server may have seen the request, which decides whether an SDK may report an unknown outcome
///   or retry;
/// - a connection that closes before, or in the middle of, the response is `.networkConnectionLost`
///   with `requestSent` true (the server may have acted); `.badServerResponse` means the server
///   answered with something the transport cannot use;
/// - cancelling the calling Task ends the exchange promptly and throws `CancellationError`, never a
///   `TransportError` with `.cancelled`.
public protocol Transport: Sendable {
    /// Sends `request` and buffers the whole response.
    ///
    /// Throws ``TransportError``, or `CancellationError` when the calling Task is cancelled.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse

    /// Sends `request` and returns when the response head has arrived; body chunks are delivered
    /// through ``HTTPStreamingResponse/body`` as they arrive.
    ///
    /// Throws ``TransportError`` (before the head), or `CancellationError` when the calling Task is
    /// cancelled. Failures after the head are thrown by the body's iterator.
    func stream(_ request: HTTPRequest) async throws -> HTTPStreamingResponse
}
