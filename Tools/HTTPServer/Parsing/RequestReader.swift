import Foundation

/// Reads complete requests from one connection's socket, enforcing every size and time limit.
///
/// Owns the connection's input buffer: bytes that arrive after a request (pipelining) stay in it
/// and become the next request. Used only from the connection's thread.
final class RequestReader {
    /// Why no request came out.
    enum Stop: Error {
        /// The connection ended between requests (EOF, idle timeout): close without a word.
        case quiet
        /// The connection broke mid-request (EOF or socket error): nobody left to answer.
        case broken
        /// The request is unacceptable: answer with this status, then close.
        case rejected(RequestFailure)
    }

    /// The limits a reader enforces, copied out of the server configuration.
    struct Limits {
        var maxHeaderBytes: Int
        var maxBodyBytes: Int
        var readTimeout: Duration
        var idleTimeout: Duration
    }

    private let descriptor: Int32
    private let limits: Limits
    private var buffer: [UInt8] = []
    /// Index of the first byte not yet consumed by a request.
    private var start = 0
    private let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 16)
    /// True once the peer has closed its sending side; no more requests can follow.
    private(set) var peerClosed = false

    init(descriptor: Int32, limits: Limits) {
        self.descriptor = descriptor
        self.limits = limits
    }

    deinit { scratch.deallocate() }

    /// Reads the next request's head, leaving its body unread for ``body(of:sendContinue:)``.
    ///
    /// Time limits: a connection may wait `idleTimeout` for a request to start (its first one or
    /// the next on a kept-alive connection). Once a request has started, the whole header section
    /// must arrive within `readTimeout` of its first byte (a client trickling one byte at a time
    /// cannot hold the thread), and then every body read must make progress within `readTimeout`.
    func nextHead() throws(Stop) -> RequestHead {
        compact()
        if available == 0 {
            guard try fill(until: .after(limits.idleTimeout), midRequest: false) else { throw .quiet }
        }
        return try readHead(deadline: .after(limits.readTimeout))
    }

    /// Reads the body `head` announces.
    ///
    /// - Parameter sendContinue: sends `100 Continue`; called when the client asked for it and no
    ///   body byte has arrived yet. Returns false if the socket failed.
    func body(of head: RequestHead, sendContinue: () -> Bool) throws(Stop) -> Data {
        let body: Data
        switch head.framing {
        case .none:
            body = Data()
        case .contentLength(let length):
            if head.expectsContinue, !head.isHTTP10, available == 0, !sendContinue() { throw .broken }
            // Reserve up front, but never more than a few MiB on a client's word alone.
            buffer.reserveCapacity(start + min(length, 4 << 20))
            while available < length {
                _ = try fill(until: .after(limits.readTimeout), midRequest: true)
            }
            body = Data(buffer[start..<(start + length)])
            start += length
        case .chunked:
            if head.expectsContinue, available == 0, !sendContinue() { throw .broken }
            body = try readChunkedBody()
        }
        return body
    }

    private var available: Int { buffer.count - start }

    /// The most bytes of empty lines skipped before one request line (half a million CRLFs).
    static let maxLeadingEmptyLineBytes = 1 << 20

    private func readHead(deadline: Deadline) throws(Stop) -> RequestHead {
        var scanFrom = start
        var methodScan = start
        var skipped = 0
        while true {
            // RFC 9112 §2.2: ignore empty lines before the request line (some clients send a stray
            // CRLF after a body), however the reads split them, up to a cap.
            while available >= 2, buffer[start] == ASCII.carriageReturn, buffer[start + 1] == ASCII.lineFeed {
                start += 2
                skipped += 2
            }
            guard skipped <= Self.maxLeadingEmptyLineBytes else { throw .rejected(.badRequest) }
            if available == 1, buffer[start] == ASCII.carriageReturn {
                // The first half of an empty line whose LF has not arrived yet.
                _ = try fill(until: deadline, midRequest: true)
                continue
            }
            scanFrom = max(scanFrom, start)
            switch findHeaderEnd(from: scanFrom) {
            case .found(let end):
                guard end - start <= limits.maxHeaderBytes else { throw .rejected(.headerFieldsTooLarge) }
                let section = buffer[start..<(end - 4)]
                start = end
                do {
                    return try RequestHeadParser.parse(section, maxBodyBytes: limits.maxBodyBytes)
                } catch {
                    throw .rejected(error)
                }
            case .bareLineFeed:
                throw .rejected(.badRequest)
            case .incomplete(let resume):
                scanFrom = resume
                guard methodSoFarIsValid(scanningFrom: &methodScan) else { throw .rejected(.badRequest) }
            }
            guard available <= limits.maxHeaderBytes else { throw .rejected(.headerFieldsTooLarge) }
            _ = try fill(until: deadline, midRequest: true)
        }
    }

    private enum HeaderEnd {
        case found(end: Int)
        case bareLineFeed
        case incomplete(resumeAt: Int)
    }

    /// Looks for CRLFCRLF from `from`, failing fast on a LF without its CR so garbage is answered
    /// at once instead of after a timeout.
    private func findHeaderEnd(from: Int) -> HeaderEnd {
        buffer.withUnsafeBufferPointer { bytes in
            var index = from
            while index < bytes.count {
                if bytes[index] == ASCII.lineFeed {
                    guard index > start, bytes[index - 1] == ASCII.carriageReturn else { return .bareLineFeed }
                    if index - start >= 3, bytes[index - 2] == ASCII.lineFeed { return .found(end: index + 1) }
                }
                index += 1
            }
            return .incomplete(resumeAt: bytes.count)
        }
    }

    /// Whether the bytes received so far could begin a method. Lets a TLS handshake or binary
    /// junk (which never contains CRLFCRLF) get its 400 at once instead of waiting for a timeout.
    ///
    /// `index` remembers how far the method was checked; it stops for good at the first space.
    private func methodSoFarIsValid(scanningFrom index: inout Int) -> Bool {
        index = max(index, start)
        while index < buffer.count {
            if buffer[index] == ASCII.space {
                index = .max
                return true
            }
            guard ASCII.isToken(buffer[index]) else { return false }
            index += 1
        }
        return true
    }

    private func readChunkedBody() throws(Stop) -> Data {
        var decoder = ChunkedBodyDecoder(maxBodyBytes: limits.maxBodyBytes, maxTrailerBytes: limits.maxHeaderBytes)
        while true {
            do {
                start += try decoder.consume(buffer[start...])
            } catch {
                throw .rejected(error)
            }
            if decoder.isComplete { return Data(decoder.body) }
            // Consumed framing is garbage now; dropping it keeps memory bounded by one line.
            compact()
            _ = try fill(until: .after(limits.readTimeout), midRequest: true)
        }
    }

    /// Appends whatever arrives before `deadline`. Returns false on a quiet end (only possible
    /// when `midRequest` is false); mid-request, a timeout is a 408 and EOF is a broken request.
    private func fill(until deadline: Deadline, midRequest: Bool) throws(Stop) -> Bool {
        guard !peerClosed else {
            if midRequest { throw .broken }
            return false
        }
        switch Socket.receive(descriptor, into: scratch, deadline: deadline) {
        case .received(let count):
            buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: scratch[0..<count]))
            return true
        case .timedOut:
            if midRequest { throw .rejected(.requestTimeout) }
            return false
        case .closed:
            peerClosed = true
            if midRequest { throw .broken }
            return false
        case .failed:
            peerClosed = true
            if midRequest { throw .broken }
            return false
        }
    }

    /// Drops consumed bytes from the front of the buffer.
    private func compact() {
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: buffer.capacity <= 256 << 10)
            start = 0
        } else if start > 0 {
            buffer.removeSubrange(0..<start)
            start = 0
        }
    }
}
