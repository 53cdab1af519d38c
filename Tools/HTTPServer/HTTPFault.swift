/// A way to misbehave on purpose, so client and transport tests can see real broken servers.
///
/// Set it on `HTTPServerResponse.fault`. Every fault except `delay` ends the connection, and it
/// does so without a `Connection: close` header, the way a crashing server would.
public enum HTTPFault: Sendable, Equatable {
    /// Read the request, then close without sending a byte.
    case closeBeforeResponding
    /// Send the status line and headers (framing headers as for the full body), then close.
    case closeAfterHeaders
    /// Send the headers and the first `afterBytes` bytes of the message body as they go on the
    /// wire (for a streamed response that includes the chunk framing), then close.
    case closeMidBody(afterBytes: Int)
    /// Wait this long (on the handler's task, not the connection thread), then answer normally.
    case delay(Duration)
    /// Answer with `Transfer-Encoding: chunked` and a chunk-size line that is not hexadecimal,
    /// then close.
    case malformedChunking
}
