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
        /// The server shed the connection mid-request to make room for another: answer 503, close.
        case shed
    }

    /// The limits a reader enforces, copied out of the server configuration.
    struct Limits {
        var maxHeaderBytes: Int
        var maxBodyBytes: Int
        var readTimeout: Duration
        var idleTimeout: Duration
        var headTimeout: Duration
        var bodyTimeout: Duration
        var minimumTransferRate: Int
    }

    private let descriptor: Int32
    private let limits: Limits
    /// Where the reader reports its phase and every byte, for the server's choice of whom to shed.
    private let activity: ConnectionActivity
    private var buffer: [UInt8] = []
    /// Index of the first byte not yet consumed by a request.
    private var start = 0
    private let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 16)
    /// True once the peer has closed its sending side; no more requests can follow.
    private(set) var peerClosed = false

    init(descriptor: Int32, limits: Limits, activity: ConnectionActivity) {
        self.descriptor = descriptor
        self.limits = limits
        self.activity = activity
    }

    deinit { scratch.deallocate() }

    /// Reads the next request's head, leaving its body unread for ``body(of:sendContinue:)``.
    ///
    /// Time limits: a connection may wait `idleTimeout` for a request to start (its first one or
    /// the next on a kept-alive connection). Once a request has started, every read must make
    /// progress within `readTimeout`, and the header section, counted from its first byte, must keep
    /// the minimum rate after a grace of `readTimeout` and be complete within `headTimeout`
    /// (``TransferDeadline``): a client trickling one byte at a time cannot hold the thread.
    func nextHead() throws(Stop) -> RequestHead {
        compact()
        if available == 0 {
            activity.begin(.idle)
            guard try fill(until: .after(limits.idleTimeout), midRequest: false) > 0 else { throw .quiet }
        }
        guard activity.begin(.head, bytes: available) else { throw .shed }
        var transfer = TransferDeadline(
            grace: limits.readTimeout, total: limits.headTimeout, minimumRate: limits.minimumTransferRate,
            alreadyReceived: available)
        return try readHead(transfer: &transfer)
    }

    /// Reads the body `head` announces, within `bodyTimeout` and at the minimum rate after a grace
    /// of `readTimeout` (``TransferDeadline``), every read making progress within `readTimeout`.
    ///
    /// - Parameter sendContinue: sends `100 Continue`; called when the client asked for it and no
    ///   body byte has arrived yet. Returns false if the socket failed.
    func body(of head: RequestHead, sendContinue: () -> Bool) throws(Stop) -> Data {
        let body: Data
        switch head.framing {
        case .none:
            body = Data()
        case .contentLength(let length):
            // The body phase begins before `100 Continue` goes out, so a client that reads it knows the
            // server is reading its body.
            var transfer = try beginBody()
            if head.expectsContinue, !head.isHTTP10, available == 0, !sendContinue() { throw .broken }
            // Reserve up front, but never more than a few MiB on a client's word alone.
            buffer.reserveCapacity(start + min(length, 4 << 20))
            while available < length {
                transfer.received(try fill(until: transfer, midRequest: true))
            }
            body = Data(buffer[start..<(start + length)])
            start += length
        case .chunked:
            var transfer = try beginBody()
            if head.expectsContinue, available == 0, !sendContinue() { throw .broken }
            body = try readChunkedBody(transfer: &transfer)
        }
        return body
    }

    /// Enters the body phase; the bytes already buffered count towards the body's pace.
    private func beginBody() throws(Stop) -> TransferDeadline {
        guard activity.begin(.body, bytes: available) else { throw .shed }
        return TransferDeadline(
            grace: limits.readTimeout, total: limits.bodyTimeout, minimumRate: limits.minimumTransferRate,
            alreadyReceived: available)
    }

    private var available: Int { buffer.count - start }

    /// The most bytes of empty lines skipped before one request line (half a million CRLFs).
    static let maxLeadingEmptyLineBytes = 1 << 20

    private func readHead(transfer: inout TransferDeadline) throws(Stop) -> RequestHead {
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
                transfer.received(try fill(until: transfer, midRequest: true))
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
            transfer.received(try fill(until: transfer, midRequest: true))
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

    private func readChunkedBody(transfer: inout TransferDeadline) throws(Stop) -> Data {
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
            transfer.received(try fill(until: transfer, midRequest: true))
        }
    }

    /// Mid-request ``fill(until:midRequest:)``: waits until the transfer's deadline or one
    /// `readTimeout` without progress, whichever comes first.
    private func fill(until transfer: TransferDeadline, midRequest: Bool) throws(Stop) -> Int {
        try fill(until: min(transfer.deadline, .after(limits.readTimeout)), midRequest: midRequest)
    }

    /// Appends whatever arrives before `deadline` and returns how many bytes came. Returns 0 on a
    /// quiet end (only possible when `midRequest` is false); mid-request, a timeout is a 408 and EOF
    /// is a broken request, or a shed one when the server ended our reading side to make room.
    private func fill(until deadline: Deadline, midRequest: Bool) throws(Stop) -> Int {
        guard !peerClosed else {
            if midRequest { throw activity.isShed ? .shed : .broken }
            return 0
        }
        switch Socket.receive(descriptor, into: scratch, deadline: deadline) {
        case .received(let count):
            buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: scratch[0..<count]))
            activity.received(count)
            return count
        case .timedOut:
            if midRequest { throw .rejected(.requestTimeout) }
            return 0
        case .closed, .failed:
            peerClosed = true
            if midRequest { throw activity.isShed ? .shed : .broken }
            return 0
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
