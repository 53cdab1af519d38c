import Foundation

/// Something a handler can write a streamed body into.
///
/// The server's writer hands each chunk to the connection's thread, which frames it and writes it
/// to the socket at once (`TCP_NODELAY` is set). `write` returns only after the chunk is in the
/// kernel's send buffer, so a slow client slows the producer down instead of growing a queue.
public protocol HTTPResponseWriter: Sendable {
    /// Writes one chunk to the client immediately (no buffering beyond the socket); throws once the
    /// client is gone.
    ///
    /// Throws `HTTPServerError.clientDisconnected` when the client went away (or a fault mode cut
    /// the body), `.stopped` during shutdown, `.responseFinished` after the producer returned, and
    /// `CancellationError` when the producer's task is cancelled. Empty data sends nothing.
    func write(_ data: Data) async throws
}

extension HTTPResponseWriter {
    /// Writes the UTF-8 bytes of `text` as one chunk (handy for server-sent events).
    public func write(_ text: String) async throws {
        try await write(Data(text.utf8))
    }
}
