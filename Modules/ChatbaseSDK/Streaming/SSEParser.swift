import Foundation

/// An incremental Server-Sent Events parser (the WHATWG event-stream format) that works on raw
/// bytes, so it can be fed chunks exactly as the network delivers them.
///
/// - Lines end with CRLF, LF or CR, also when the CR and the LF arrive in different chunks.
/// - `data:` with or without the space after the colon; several `data:` lines of one event are
///   joined with `\n`; `event:` sets ``Event/type``; `id:`, `retry:` and unknown fields are ignored.
/// - Lines starting with `:` are comments (keep-alive pings) and are skipped.
/// - A blank line dispatches the event; an event without data lines is dropped.
/// - A chunk may end anywhere, including inside a UTF-8 scalar: bytes are kept until the line ends,
///   and text is only decoded from whole events.
/// - A UTF-8 byte order mark at the very start is skipped.
///
/// Work is proportional to the bytes fed: lines are found with a byte scan and a line that lies
/// inside one chunk is never copied twice.
package struct SSEParser: Sendable {
    /// One dispatched event.
    package struct Event: Sendable, Equatable {
        /// The `event:` field, or `nil` for the default (`message`).
        package var type: String?
        /// The data lines joined with `\n`, as UTF-8 bytes.
        package var data: Data

        /// The data as text (invalid UTF-8 repaired).
        package var text: String { String(decoding: data, as: UTF8.self) }

        package init(type: String? = nil, data: Data) {
            self.type = type
            self.data = data
        }
    }

    private static let lf = UInt8(ascii: "\n")
    private static let cr = UInt8(ascii: "\r")
    private static let colon = UInt8(ascii: ":")
    private static let space = UInt8(ascii: " ")

    /// The start of a line whose end has not arrived yet.
    private var partialLine: [UInt8] = []
    /// The previous chunk ended with CR: a LF starting the next chunk belongs to that line end.
    private var pendingCR = false
    /// Bytes seen so far, up to 3, to recognise a byte order mark split across chunks.
    private var bomState: BOMState = .checking([])
    private var data: [UInt8] = []
    /// Where in the chunk being scanned the event's only data line so far lies, while it has not been
    /// copied into `data`: an event whose one line and blank line arrive in the same chunk (nearly
    /// all of them) is handed to the sink straight from the chunk.
    private var borrowed: Range<Int>?
    private var hasData = false
    private var eventType: String?

    private enum BOMState: Sendable {
        case checking([UInt8])
        case done
    }

    package init() {}

    /// Parses `chunk` and returns the events it completed, in order.
    package mutating func feed(_ chunk: Data) -> [Event] {
        var collector = EventCollector()
        feed(chunk, into: &collector)
        return collector.events
    }

    /// Parses `chunk`, handing each event it completes to `sink` as it completes, in order, without
    /// copying the event's data out of the parser.
    ///
    /// The sink is a generic `inout` parameter rather than a closure: a closure that mutates its
    /// caller's state costs a dynamic exclusivity check per event, a measurable share of a stream of
    /// small events.
    package mutating func feed<Sink: SSEEventSink>(_ chunk: Data, into sink: inout Sink) {
        chunk.withUnsafeBytes { raw in feed(bytes: raw, into: &sink) }
    }

    /// Ends the stream: a last event whose data lines are complete but that lacks the closing blank
    /// line is returned (servers often close right after `data: [DONE]\n`); a line without its line
    /// ending is discarded, because the connection may have cut it short.
    package mutating func finish() -> Event? {
        var collector = EventCollector()
        finish(into: &collector)
        return collector.events.first
    }

    /// ``finish()``, handing the last event (if any) to `sink`.
    package mutating func finish<Sink: SSEEventSink>(into sink: inout Sink) {
        partialLine.removeAll()
        pendingCR = false
        if hasData { data.withUnsafeBytes { sink.receive(type: eventType, data: $0) } }
        reset()
    }

    private mutating func feed<Sink: SSEEventSink>(bytes input: UnsafeRawBufferPointer, into sink: inout Sink) {
        var bytes = input
        if case .checking(var seen) = bomState {
            // Hold back up to three leading bytes until we know whether they are a BOM.
            let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
            var consumed = 0
            while seen.count < 3, consumed < bytes.count, bytes[consumed] == bom[seen.count] {
                seen.append(bytes[consumed])
                consumed += 1
            }
            if seen.count == 3 {
                bomState = .done
                bytes = UnsafeRawBufferPointer(rebasing: bytes[consumed...])
            } else if consumed == bytes.count {
                bomState = .checking(seen)
                return
            } else {
                bomState = .done
                // Not a BOM: the held-back bytes are ordinary content.
                partialLine.append(contentsOf: seen)
                bytes = UnsafeRawBufferPointer(rebasing: bytes[consumed...])
            }
        }
        scan(bytes, into: &sink)
    }

    private mutating func scan<Sink: SSEEventSink>(_ bytes: UnsafeRawBufferPointer, into sink: inout Sink) {
        let count = bytes.count
        var start = 0
        if pendingCR {
            pendingCR = false
            if count > 0, bytes[0] == Self.lf { start = 1 }
        }
        while start < count {
            if partialLine.isEmpty && !hasData && eventType == nil {
                // At the start of an event: the sink may take a whole event it recognises in one go.
                let taken = sink.receiveEvent(at: UnsafeRawBufferPointer(rebasing: bytes[start...]))
                if taken > 0 {
                    start += taken
                    continue
                }
            }
            var end = Self.lineEnd(in: bytes, from: start)
            if end == count {
                partialLine.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start..<count]))
                break
            }
            if partialLine.isEmpty {
                processLine(start..<end, of: bytes, into: &sink)
            } else {
                partialLine.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
                let line = partialLine
                partialLine.removeAll(keepingCapacity: true)
                line.withUnsafeBytes { processLine(0..<$0.count, of: $0, copying: true, into: &sink) }
            }
            if bytes[end] == Self.cr {
                if end + 1 < count {
                    if bytes[end + 1] == Self.lf { end += 1 }
                } else {
                    pendingCR = true
                }
            }
            start = end + 1
        }
        // The chunk goes away after this call: an event still open keeps its own copy.
        if let range = borrowed {
            data.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[range]))
            borrowed = nil
        }
    }

    /// The index of the first CR or LF at or after `start`, or `bytes.count`: `memchr` for the LF, then
    /// for a CR before it (CRs are rare, but a lone CR also ends a line).
    private static func lineEnd(in bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        guard let base = bytes.baseAddress, start < bytes.count else { return bytes.count }
        // The blank line that ends nearly every event: no search needed.
        if bytes[start] == Self.lf || bytes[start] == Self.cr { return start }
        let length = bytes.count - start
        let lf = memchr(base + start, Int32(Self.lf), length).map { base.distance(to: UnsafeRawPointer($0)) }
        let end = lf ?? bytes.count
        let cr = memchr(base + start, Int32(Self.cr), end - start).map { base.distance(to: UnsafeRawPointer($0)) }
        return cr ?? end
    }

    /// Handles the line at `range` of `buffer`: the chunk being scanned, or (`copying`) a line put
    /// together from several chunks, which must not be borrowed.
    private mutating func processLine<Sink: SSEEventSink>(
        _ range: Range<Int>, of buffer: UnsafeRawBufferPointer, copying: Bool = false, into sink: inout Sink
    ) {
        // A line put together from several chunks is the first of its chunk, so nothing is borrowed yet.
        assert(!copying || borrowed == nil)
        let line = UnsafeRawBufferPointer(rebasing: buffer[range])
        guard let first = line.first else {
            if let borrowed {
                sink.receive(type: eventType, data: UnsafeRawBufferPointer(rebasing: buffer[borrowed]))
            } else if hasData {
                data.withUnsafeBytes { sink.receive(type: eventType, data: $0) }
            }
            reset()
            return
        }
        if first == Self.colon { return }
        if line.count >= 5, Self.matches(line, "data:") {
            // The commonest line by far, `data:` with or without the space.
            let valueStart = line.count > 5 && line[5] == Self.space ? 6 : 5
            appendData(range.lowerBound + valueStart..<range.upperBound, of: buffer, copying: copying)
            return
        }
        var nameEnd = 0
        while nameEnd < line.count, line[nameEnd] != Self.colon { nameEnd += 1 }
        var valueStart = min(nameEnd + 1, line.count)
        if valueStart < line.count, line[valueStart] == Self.space { valueStart += 1 }
        let value = UnsafeRawBufferPointer(rebasing: line[valueStart...])
        switch (nameEnd, first) {
        case (4, UInt8(ascii: "d")) where Self.matches(line, "data"):
            appendData(range.lowerBound + valueStart..<range.upperBound, of: buffer, copying: copying)
        case (5, UInt8(ascii: "e")) where Self.matches(line, "event"):
            eventType = String(decoding: value, as: UTF8.self)
        default:
            break
        }
    }

    /// Adds a data line's value (`range` of `buffer`) to the event: borrowed from the chunk when it is
    /// the event's first and the chunk's own, else copied.
    private mutating func appendData(_ range: Range<Int>, of buffer: UnsafeRawBufferPointer, copying: Bool) {
        if !hasData && !copying {
            borrowed = range
        } else {
            if let earlier = borrowed {
                data.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[earlier]))
                borrowed = nil
            }
            if hasData { data.append(Self.lf) }
            data.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[range]))
        }
        hasData = true
    }

    private static func matches(_ line: UnsafeRawBufferPointer, _ name: StaticString) -> Bool {
        let count = name.utf8CodeUnitCount
        guard line.count >= count else { return false }
        let pointer = name.utf8Start
        for index in 0..<count where line[index] != pointer[index] { return false }
        return true
    }

    private mutating func reset() {
        // Usually empty (the event was borrowed), and emptying an empty array still costs a call.
        if !data.isEmpty { data.removeAll(keepingCapacity: true) }
        borrowed = nil
        hasData = false
        eventType = nil
    }
}

/// Receives the events an ``SSEParser`` completes, synchronously and in order.
package protocol SSEEventSink {
    /// One event: `type` is its `event:` field (`nil` for the default, `message`), `data` its data
    /// lines joined with `\n`. The bytes are valid only during the call.
    mutating func receive(type: String?, data: UnsafeRawBufferPointer)

    /// Offered the rest of the chunk whenever the parser stands at the start of an event: a sink that
    /// recognises a whole event there (its lines and the blank line that ends it) may take it in one go,
    /// exactly as if the parser had read it, and returns its length; `0` leaves the bytes to the parser.
    mutating func receiveEvent(at bytes: UnsafeRawBufferPointer) -> Int
}

extension SSEEventSink {
    /// Takes nothing: every event goes through the parser.
    package mutating func receiveEvent(at bytes: UnsafeRawBufferPointer) -> Int { 0 }
}

/// Collects events as values, for callers that want them all at once.
private struct EventCollector: SSEEventSink {
    var events: [SSEParser.Event] = []

    mutating func receive(type: String?, data: UnsafeRawBufferPointer) {
        events.append(SSEParser.Event(type: type, data: Data(data)))
    }
}
