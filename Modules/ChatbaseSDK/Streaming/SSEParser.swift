import Foundation

/// An incremental Server-Sent Events parser (the WHATWG event-stream format) that works on bytes, so it
/// can be fed chunks exactly as the network delivers them. It is the SDK's one SSE framing.
///
/// - Lines end with CRLF, LF or CR, also when the CR and the LF arrive in different chunks.
/// - `data:` with or without the space after the colon; several `data:` lines of one event are
///   joined with `\n`; `event:` sets ``Event/type``; `id:`, `retry:` and unknown fields are ignored.
/// - Lines starting with `:` are comments (keep-alive pings) and are skipped.
/// - A blank line dispatches the event; an event without data lines is dropped.
/// - A chunk may end anywhere, including inside a UTF-8 scalar: bytes are kept until the line ends,
///   and text is only decoded from whole events (by whoever receives them).
/// - A UTF-8 byte order mark at the very start is skipped, also when split across chunks.
///
/// The bytes come from the network, so they are read through bounds-checked array indexing only: no
/// pointer, no `memchr`. Work is proportional to the bytes fed; a line that lies inside one chunk is
/// read from the chunk where it lies, and only a line split across chunks is copied to be joined.
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
    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The start of a line whose end has not arrived yet.
    private var partialLine: [UInt8] = []
    /// The previous chunk ended with CR: a LF starting the next chunk belongs to that line end.
    private var pendingCR = false
    /// How many bytes of a byte order mark the stream has begun with, while that is still open;
    /// `nil` once the start of the stream is behind.
    private var byteOrderMarkSeen: Int? = 0
    /// The event being read: its data lines so far, and its `event:` field.
    private var data: [UInt8] = []
    private var hasData = false
    private var eventType: String?

    package init() {}

    /// Parses `chunk` and returns the events it completed, in order.
    package mutating func feed(_ chunk: Data) -> [Event] {
        var collector = EventCollector()
        feed(chunk, into: &collector)
        return collector.events
    }

    /// Parses `chunk`, handing each event it completes to `sink` as it completes, in order.
    package mutating func feed<Sink: SSEEventSink>(_ chunk: Data, into sink: inout Sink) {
        let bytes = [UInt8](chunk)
        var index = skipByteOrderMark(in: bytes)
        if pendingCR {
            pendingCR = false
            if index < bytes.count, bytes[index] == Self.lf { index += 1 }
        }
        var lineStart = index
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == Self.lf || byte == Self.cr else {
                index += 1
                continue
            }
            if partialLine.isEmpty {
                processLine(bytes[lineStart..<index], into: &sink)
            } else {
                partialLine.append(contentsOf: bytes[lineStart..<index])
                let line = partialLine
                partialLine.removeAll(keepingCapacity: true)
                processLine(line[...], into: &sink)
            }
            if byte == Self.cr {
                if index + 1 == bytes.count {
                    pendingCR = true
                } else if bytes[index + 1] == Self.lf {
                    index += 1
                }
            }
            index += 1
            lineStart = index
        }
        partialLine.append(contentsOf: bytes[lineStart...])
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
        if hasData { sink.receive(Event(type: eventType, data: Data(data))) }
        reset()
    }

    /// Where the content of `bytes` starts, past the part of a byte order mark they carry while the stream
    /// is at its start; bytes that began like one but were not are given back as the start of a line.
    private mutating func skipByteOrderMark(in bytes: [UInt8]) -> Int {
        guard var seen = byteOrderMarkSeen else { return 0 }
        var index = 0
        while seen < Self.byteOrderMark.count, index < bytes.count, bytes[index] == Self.byteOrderMark[seen] {
            seen += 1
            index += 1
        }
        if seen == Self.byteOrderMark.count {
            byteOrderMarkSeen = nil
        } else if index == bytes.count {
            byteOrderMarkSeen = seen  // the chunk ended inside what may still be a mark
        } else {
            byteOrderMarkSeen = nil
            partialLine.append(contentsOf: Self.byteOrderMark[..<seen])
        }
        return index
    }

    /// Handles one line (without its line ending).
    private mutating func processLine<Sink: SSEEventSink>(_ line: ArraySlice<UInt8>, into sink: inout Sink) {
        guard let first = line.first else {
            if hasData { sink.receive(Event(type: eventType, data: Data(data))) }
            reset()
            return
        }
        if first == Self.colon { return }
        let colon = line.firstIndex(of: Self.colon) ?? line.endIndex
        let name = line[..<colon]
        var valueStart = colon == line.endIndex ? colon : line.index(after: colon)
        if valueStart < line.endIndex, line[valueStart] == Self.space { valueStart = line.index(after: valueStart) }
        let value = line[valueStart...]
        if name.elementsEqual("data".utf8) {
            if hasData { data.append(Self.lf) }
            data.append(contentsOf: value)
            hasData = true
        } else if name.elementsEqual("event".utf8) {
            eventType = String(decoding: value, as: UTF8.self)
        }
    }

    private mutating func reset() {
        data.removeAll(keepingCapacity: true)
        hasData = false
        eventType = nil
    }
}

/// Receives the events an ``SSEParser`` completes, synchronously and in order.
package protocol SSEEventSink {
    /// One event: its `event:` field (`nil` for the default, `message`) and its data lines joined with `\n`.
    mutating func receive(_ event: SSEParser.Event)
}

/// Collects events as values, for callers that want them all at once.
private struct EventCollector: SSEEventSink {
    var events: [SSEParser.Event] = []

    mutating func receive(_ event: SSEParser.Event) {
        events.append(event)
    }
}
