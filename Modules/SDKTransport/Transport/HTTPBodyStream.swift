import Foundation

/// The body of an ``HTTPStreamingResponse``: `Data` chunks in the order they arrive.
///
/// Each chunk is handed over as soon as the transport receives it. When the consumer falls behind,
/// at most about 1 MiB is buffered before the transport stops reading from the socket, so a slow
/// consumer slows the server instead of growing memory.
///
/// Iteration throws ``TransportError`` when the exchange fails mid-body (the connection closed,
/// malformed chunking, a timeout), or `CancellationError` when the iterating Task is cancelled, which
/// also closes the connection at once. Leaving the loop early, dropping the iterator, or dropping the
/// stream without iterating abandons the exchange: `CurlTransport` reads and drops the rest for up to
/// 250 ms and 64 KiB, so that a response about to end (a stream after its last event) leaves its
/// connection open for the next request, and closes the connection past either limit;
/// `URLSessionTransport` closes it at once. Iterate a stream once.
public struct HTTPBodyStream: AsyncSequence, Sendable {
    /// One chunk of the body.
    public typealias Element = Data

    let buffer: BodyStreamBuffer
    private let lifetime: SequenceLifetime

    init(buffer: BodyStreamBuffer) {
        self.buffer = buffer
        self.lifetime = SequenceLifetime(buffer: buffer)
    }

    /// A finished stream of `chunks`, optionally failing with `failure` after them; for test doubles.
    public init(chunks: [Data], failure: TransportError? = nil) {
        let buffer = BodyStreamBuffer(highWater: .max)
        for chunk in chunks { _ = buffer.push(chunk) }
        buffer.finish(throwing: failure)
        self.init(buffer: buffer)
    }

    /// Starts iterating; dropping the iterator before the end abandons the exchange.
    public func makeAsyncIterator() -> AsyncIterator {
        buffer.markIteratorCreated()
        return AsyncIterator(buffer: buffer)
    }

    /// Reads every remaining chunk into one `Data`, throwing ``TransportError`` with
    /// `.dataLengthExceedsMaximum` (and abandoning the exchange) past `limit` bytes.
    public func collect(upTo limit: Int) async throws -> Data {
        var data = Data()
        for try await chunk in self {
            guard data.count + chunk.count <= limit else {
                buffer.cancel()
                throw TransportError(
                    code: .dataLengthExceedsMaximum, requestSent: true,
                    message: "response body exceeds \(limit) bytes")
            }
            data.append(chunk)
        }
        return data
    }

    /// Iterates an ``HTTPBodyStream``.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private let lifetime: IteratorLifetime

        init(buffer: BodyStreamBuffer) {
            self.lifetime = IteratorLifetime(buffer: buffer)
        }

        /// The next chunk, or `nil` after the last one.
        public mutating func next() async throws -> Data? {
            try await lifetime.buffer.next()
        }
    }
}

/// Abandons the exchange when the last copy of a never-iterated stream goes away.
private final class SequenceLifetime: Sendable {
    let buffer: BodyStreamBuffer
    init(buffer: BodyStreamBuffer) { self.buffer = buffer }
    deinit { buffer.sequenceDropped() }
}

/// Abandons the exchange when the iterator goes away before the end (a no-op after it).
private final class IteratorLifetime: Sendable {
    let buffer: BodyStreamBuffer
    init(buffer: BodyStreamBuffer) { self.buffer = buffer }
    deinit { buffer.abandon() }
}
