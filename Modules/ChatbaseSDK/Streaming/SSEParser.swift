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
    private var hasData = false
    private var eventType: String?

    private enum BOMState: Sendable {
        case checking([UInt8])
        case done
    }

    package init() {}

    /// Parses `chunk` and returns the events it completed, in order.
    package mutating func feed(_ chunk: Data) -> [Event] {
        var events: [Event] = []
        chunk.withUnsafeBytes { raw in feed(bytes: raw, into: &events) }
        return events
    }

    /// Parses `chunk`, calling `emit` for each event it completes, in order.
    package mutating func feed(_ chunk: Data, emit: (Event) -> Void) {
        for event in feed(chunk) { emit(event) }
    }

    /// Ends the stream: a last event whose data lines are complete but that lacks the closing blank
    /// line is returned (servers often close right after `data: [DONE]\n`); a line without its line
    /// ending is discarded, because the connection may have cut it short.
    package mutating func finish() -> Event? {
        partialLine.removeAll()
        pendingCR = false
        defer { reset() }
        return hasData ? Event(type: eventType, data: Data(data)) : nil
    }

    // The events go into an inout array rather than through a closure: a closure capturing the caller's
    // array costs a dynamic exclusivity check per event, a measurable share of a stream of small events.
    private mutating func feed(bytes input: UnsafeRawBufferPointer, into events: inout [Event]) {
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
        scan(bytes, into: &events)
    }

    private mutating func scan(_ bytes: UnsafeRawBufferPointer, into events: inout [Event]) {
        let count = bytes.count
        var start = 0
        if pendingCR {
            pendingCR = false
            if count > 0, bytes[0] == Self.lf { start = 1 }
        }
        while start < count {
            var end = Self.lineEnd(in: bytes, from: start)
            if end == count {
                partialLine.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start..<count]))
                return
            }
            if partialLine.isEmpty {
                processLine(UnsafeRawBufferPointer(rebasing: bytes[start..<end]), into: &events)
            } else {
                partialLine.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
                let line = partialLine
                partialLine.removeAll(keepingCapacity: true)
                line.withUnsafeBytes { processLine($0, into: &events) }
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
    }

    /// The index of the first CR or LF at or after `start`, or `bytes.count`: `memchr` for the LF, then
    /// for a CR before it (CRs are rare, but a lone CR also ends a line).
    private static func lineEnd(in bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        guard let base = bytes.baseAddress, start < bytes.count else { return bytes.count }
        let length = bytes.count - start
        let lf = memchr(base + start, Int32(Self.lf), length).map { base.distance(to: UnsafeRawPointer($0)) }
        let end = lf ?? bytes.count
        let cr = memchr(base + start, Int32(Self.cr), end - start).map { base.distance(to: UnsafeRawPointer($0)) }
        return cr ?? end
    }

    private mutating func processLine(_ line: UnsafeRawBufferPointer, into events: inout [Event]) {
        guard let first = line.first else {
            if hasData { events.append(Event(type: eventType, data: Data(data))) }
            reset()
            return
        }
        if first == Self.colon { return }
        var nameEnd = 0
        while nameEnd < line.count, line[nameEnd] != Self.colon { nameEnd += 1 }
        var valueStart = min(nameEnd + 1, line.count)
        if valueStart < line.count, line[valueStart] == Self.space { valueStart += 1 }
        let value = UnsafeRawBufferPointer(rebasing: line[valueStart...])
        switch (nameEnd, first) {
        case (4, UInt8(ascii: "d")) where Self.matches(line, "data"):
            if hasData { data.append(Self.lf) }
            data.append(contentsOf: value)
            hasData = true
        case (5, UInt8(ascii: "e")) where Self.matches(line, "event"):
            eventType = String(decoding: value, as: UTF8.self)
        default:
            break
        }
    }

    private static func matches(_ line: UnsafeRawBufferPointer, _ name: StaticString) -> Bool {
        let count = name.utf8CodeUnitCount
        guard line.count >= count else { return false }
        let pointer = name.utf8Start
        for index in 0..<count where line[index] != pointer[index] { return false }
        return true
    }

    private mutating func reset() {
        data.removeAll(keepingCapacity: true)
        hasData = false
        eventType = nil
    }
}
