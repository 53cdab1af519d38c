import ChatbaseSDK
import ErrorCore
import Foundation
import HTTPServer
import SDKTransport
import Synchronization

/// The Chatbase client's streaming path.
///
/// 1. SSE throughput on a 50 MB stream of `text-delta` events fed in 16 KB chunks: framing alone
///    (`SSEParser`), and the client's whole decode path (framing, `StreamEvent` decoding, folding into
///    the reply) through `send` on an in-memory transport.
/// 2. Latency from the server writing the first `text-delta` to `onTextDelta` firing, over loopback
///    (target p50 ≤ 2 ms).
/// 3. A 300-delta reply: the SDK's own work (`send` from memory) against a reader written the
///    straightforward way (the same parser, `JSONDecoder` per event, the reply joined), both from memory
///    (target ≤ 1.2×, the median of per-round ratios over interleaved rounds); and, for scale, `send` over
///    loopback against reading the same stream raw.
enum ChatbaseBenchmark {
    static let streamBytes = 50 << 20
    static let chunkBytes = 16 << 10
    static let latencySends = 300
    static let overheadDeltas = 300
    static let rounds = 60
    static let sendsPerRound = 25

    static func run() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("chatbase-bench-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        // Profiling: `CHATBASE_PROFILE_ONLY=decode|client|send|memory|fixed perf record … Benchmarks chatbase`
        // runs one measurement alone (`client`: only the client's decode path; `memory`: many more sends
        // from memory; `fixed`: only sends of a reply without deltas), so a profile sees little else.
        switch ProcessInfo.processInfo.environment["CHATBASE_PROFILE_ONLY"] {
        case "decode", "client":
            try await parsing(directory)
            return
        case "send", "memory", "fixed":
            try await sendOverhead(directory)
            return
        case nil:
            break
        case let other?:
            FileHandle.standardError.write(
                Data("CHATBASE_PROFILE_ONLY must be decode, client, send, memory or fixed, not \(other)\n".utf8))
            exit(2)
        }
        try await parsing(directory)
        try await firstDeltaLatency(directory)
        try await sendOverhead(directory)
    }

    // MARK: - Streams

    /// One `text-delta` event as the Chatbase API writes it.
    static func deltaEvent(_ index: Int) -> String {
        #"data: {"type":"text-delta","id":"txt_0","delta":"word\#(index) "}"# + "\n\n"
    }

    static let preamble =
        ": ping\n\n" + #"data: {"type":"start","messageId":"msg_bench"}"# + "\n\n" + #"data: {"type":"start-step"}"#
        + "\n\n" + #"data: {"type":"text-start","id":"txt_0"}"# + "\n\n"

    static let ending =
        #"data: {"type":"text-end","id":"txt_0"}"# + "\n\n" + #"data: {"type":"finish-step"}"# + "\n\n"
        + #"data: {"type":"finish","finishReason":"stop","messageMetadata":{"conversationId":"conv_bench","#
        + #""messageId":"msg_bench","userMessageId":"msg_user","userId":null,"finishReason":"stop","#
        + #""usage":{"credits":1}}}"# + "\n\n" + "data: [DONE]\n\n"

    /// A whole reply of `deltas` text deltas.
    static func reply(deltas: Int) -> Data {
        var text = preamble
        for index in 0..<deltas { text += deltaEvent(index) }
        return Data((text + ending).utf8)
    }

    /// A reply of about `bytes` bytes, cut in `chunkBytes` pieces wherever the cut falls.
    static func chunkedReply(bytes: Int) -> (chunks: [Data], events: Int) {
        var body = Data(preamble.utf8)
        body.reserveCapacity(bytes + 4096)
        var events = 0
        while body.count < bytes {
            body.append(contentsOf: deltaEvent(events).utf8)
            events += 1
        }
        body.append(contentsOf: ending.utf8)
        let chunks = stride(from: 0, to: body.count, by: chunkBytes).map {
            body.subdata(in: $0..<min($0 + chunkBytes, body.count))
        }
        return (chunks, events)
    }

    // MARK: - 1. Parsing throughput

    static func parsing(_ directory: URL) async throws {
        let (chunks, events) = chunkedReply(bytes: streamBytes)
        let megabytes = Double(chunks.reduce(0) { $0 + $1.count }) / 1_048_576
        print(
            "Chatbase: SSE parsing of \(fixed(megabytes)) MB (\(events) text-delta events) in 16 KB chunks, best of 3")

        let clientOnly = ProcessInfo.processInfo.environment["CHATBASE_PROFILE_ONLY"] == "client"
        // Framing alone: the parser handing each event to a sink that only counts it.
        var counter = CountingSink()
        let framing =
            clientOnly
            ? 1
            : await best {
                var parser = SSEParser()
                counter = CountingSink()
                for chunk in chunks { parser.feed(chunk, into: &counter) }
            }
        guard clientOnly || counter.events == events + 7 else {
            fatalError("framing found \(counter.events) events, expected \(events + 7)")
        }
        report("framing (SSEParser)", "\(fixed(megabytes / framing)) MB/s")

        // The reference: the same framing plus a plain JSONDecoder into a mirror of the event, as a client
        // without its own event reader would do.
        var mirrorSink = MirrorDecodingSink()
        let mirror =
            clientOnly
            ? 1
            : await best {
                var parser = SSEParser()
                mirrorSink = MirrorDecodingSink()
                for chunk in chunks { parser.feed(chunk, into: &mirrorSink) }
            }
        guard clientOnly || mirrorSink.deltas == events else {
            fatalError("mirror decoded \(mirrorSink.deltas) deltas")
        }
        report("framing + JSONDecoder into a mirror struct", "\(fixed(megabytes / mirror)) MB/s")

        // The client's own path: StreamReader (SSEParser + StreamEvent + StreamTurn) inside `send`, fed by
        // an in-memory transport, so no socket is involved.
        let client = ChatbaseClient(
            agentId: "bench", baseURL: "http://127.0.0.1:9/api/sdk", transport: ChunkTransport(chunks: chunks),
            storage: ChatbaseStorage(directory: directory.appendingPathComponent("parse")))
        var replyLength = 0
        let sdk = try await best {
            replyLength = try await client.send("bench").message.text.utf8.count
        }
        guard replyLength > events * 5 else { fatalError("send returned \(replyLength) bytes of text") }
        report(
            "client decode path (send, in-memory transport)", "\(fixed(megabytes / sdk)) MB/s",
            "framing + StreamEvent decoding + reply assembly")
    }

    /// The best of three runs of `body`, in seconds.
    static func best(_ body: () async throws -> Void) async rethrows -> Double {
        var times: [Double] = []
        for _ in 0..<3 { times.append(Measure.micros(try await Measure.time(body)) / 1_000_000) }
        return times.min() ?? .nan
    }

    // MARK: - 2. First-delta latency

    static func firstDeltaLatency(_ directory: URL) async throws {
        let written = Mutex<ContinuousClock.Instant?>(nil)
        let preamble = Data(Self.preamble.utf8)
        let first = Data(deltaEvent(0).utf8)
        let rest = Data((deltaEvent(1) + deltaEvent(2) + ending).utf8)
        let server = HTTPServer { _ in
            .stream(headers: ["Content-Type": "text/event-stream"]) { writer in
                try await writer.write(preamble)
                // A model takes a moment before its first token; without it the delta would ride in the
                // same packet as the preamble and the figure would measure nothing.
                try await Task.sleep(for: .milliseconds(2))
                written.withLock { $0 = ContinuousClock.now }
                try await writer.write(first)
                try await writer.write(rest)
            }
        }
        try server.start()
        defer { Task { await server.shutdown() } }
        let client = ChatbaseClient(
            agentId: "bench", baseURL: server.baseURL.absoluteString + "/api/sdk", transport: CurlTransport(),
            storage: ChatbaseStorage(directory: directory.appendingPathComponent("latency")))
        var latencies: [Double] = []
        for index in 0..<(latencySends + 30) {
            let received = Mutex<ContinuousClock.Instant?>(nil)
            _ = try await client.send("bench") { callbacks in
                callbacks.onTextDelta = { _ in
                    let now = ContinuousClock.now
                    received.withLock { if $0 == nil { $0 = now } }
                }
            }
            guard let sent = written.withLock({ $0 }), let arrived = received.withLock({ $0 }) else {
                fatalError("a send saw no text delta")
            }
            if index >= 30 { latencies.append(Measure.micros(arrived - sent) / 1_000) }  // the first 30 warm up
        }
        print("Chatbase: server writes the first text-delta → onTextDelta fires, \(latencySends) sends on 127.0.0.1")
        report(
            "p50 / p99 / max",
            "\(fixed(Measure.percentile(latencies, 0.5), 3)) / \(fixed(Measure.percentile(latencies, 0.99), 3)) / "
                + "\(fixed(latencies.max() ?? 0, 3)) ms",
            "(target ≤ 2 ms)")
    }

    // MARK: - 3. send against the raw stream

    static func sendOverhead(_ directory: URL) async throws {
        let body = reply(deltas: overheadDeltas)
        // Flushed in 4 KB writes, as a server's buffered writer would; the same writes for both readers.
        let writes = stride(from: 0, to: body.count, by: 4096).map { body.subdata(in: $0..<min($0 + 4096, body.count)) }
        let server = HTTPServer { _ in
            .stream(headers: ["Content-Type": "text/event-stream"]) { writer in
                for chunk in writes { try await writer.write(chunk) }
            }
        }
        try server.start()
        defer { Task { await server.shutdown() } }
        let transport = CurlTransport()
        let base = server.baseURL.absoluteString + "/api/sdk"
        let client = ChatbaseClient(
            agentId: "bench", baseURL: base, transport: transport,
            storage: ChatbaseStorage(directory: directory.appendingPathComponent("overhead")))
        let raw = HTTPRequest(
            method: "POST", url: URL(string: base + "/agents/bench/chat")!,
            headers: [
                "Content-Type": "application/json", "Accept": "text/event-stream",
                "User-Agent": "Chatbase-iOS-SDK/bench",
                "X-Device-Id": client.deviceId,
            ],
            body: Data(#"{"message":"bench","stream":true}"#.utf8))
        let expected = body.count
        let variants: [() async throws -> Void] = [
            {
                var count = 0
                for try await chunk in try await transport.stream(raw).body { count += chunk.count }
                guard count == expected else { fatalError("raw read \(count) of \(expected) bytes") }
            },
            {
                let response = try await client.send("bench") { callbacks in callbacks.onTextDelta = { _ in } }
                guard response.conversationId == "conv_bench" else { fatalError("send lost the finish event") }
            },
        ]
        // `memory` and `fixed` profile the SDK alone: no socket rounds.
        let profiling = ProcessInfo.processInfo.environment["CHATBASE_PROFILE_ONLY"]
        let memoryOnly = profiling == "memory" || profiling == "fixed"
        if !memoryOnly {
            for _ in 0..<50 { for variant in variants { try await variant() } }
            // Interleaved rounds, the order rotating, so drift in the machine's load hits both alike; the
            // ratio is the median of the per-round ratios.
            let measured = try await Measure.interleaved(rounds: rounds, iterations: sendsPerRound, variants)
            print(
                "Chatbase: a \(overheadDeltas)-delta reply (\(body.count / 1024) KB), \(rounds) interleaved rounds of "
                    + "\(sendsPerRound) (medians)")
            report("raw CurlTransport.stream, every byte read", "\(fixed(measured.median(0))) µs/reply")
            report(
                "client.send with onTextDelta", "\(fixed(measured.median(1))) µs/reply",
                "\(fixed(measured.ratio(1, over: 0), 2))× raw")
        }
        // The SDK's own work, without a socket: the same reply from memory, in the same writes, against the
        // straightforward reader of the same bytes.
        let memoryClient = ChatbaseClient(
            agentId: "bench", baseURL: base, transport: ChunkTransport(chunks: writes),
            storage: ChatbaseStorage(directory: directory.appendingPathComponent("overhead-memory")))
        let memorySends = memoryOnly ? 20_000 : 2_000
        if profiling != "fixed" {
            let fromMemory: [() async throws -> Void] = [
                {
                    let text = StraightforwardReader.read(writes) { _ in }
                    guard text.hasPrefix("word0 ") else { fatalError("the reference lost the reply") }
                },
                {
                    let response = try await memoryClient.send("bench") { callbacks in callbacks.onTextDelta = { _ in }
                    }
                    guard response.conversationId == "conv_bench" else { fatalError("send lost the finish event") }
                },
            ]
            for _ in 0..<100 { for variant in fromMemory { try await variant() } }
            let measured = try await Measure.interleaved(
                rounds: rounds, iterations: memorySends / rounds, fromMemory)
            report("straightforward reader, from memory", "\(fixed(measured.median(0))) µs/reply", "the reference")
            report(
                "client.send from memory (the SDK's own work)", "\(fixed(measured.median(1))) µs/reply",
                "\(fixed(measured.ratio(1, over: 0), 2))× the reference (target ≤ 1.2)")
        }
        // The fixed part of that: a reply with no text deltas (request, start and finish events, the turn).
        let emptyClient = ChatbaseClient(
            agentId: "bench", baseURL: base, transport: ChunkTransport(chunks: [reply(deltas: 0)]),
            storage: ChatbaseStorage(directory: directory.appendingPathComponent("overhead-empty")))
        let empty = try await Measure.time {
            for _ in 0..<memorySends { _ = try await emptyClient.send("bench") }
        }
        report(
            "client.send, a reply without deltas, from memory",
            "\(fixed(Measure.micros(empty) / Double(memorySends))) µs/reply", "its fixed part")
    }
}

/// A transport that answers every stream with the same chunks from memory, for measuring the client's
/// decode path without a socket.
private struct ChunkTransport: Transport {
    let chunks: [Data]

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        HTTPResponse(status: 404, body: Data())
    }

    func stream(_ request: HTTPRequest) async throws -> HTTPStreamingResponse {
        HTTPStreamingResponse(
            status: 200, headers: ["Content-Type": "text/event-stream"], body: HTTPBodyStream(chunks: chunks))
    }
}

/// Counts the events the parser completes.
struct CountingSink: SSEEventSink {
    var events = 0

    mutating func receive(_ event: SSEParser.Event) {
        events += 1
    }
}

/// Decodes every event with `JSONDecoder` into a mirror of a text delta and counts the deltas.
struct MirrorDecodingSink: SSEEventSink {
    struct Delta: Decodable {
        let type: String
        let id: String?
        let delta: String?
    }

    var deltas = 0
    private let decoder = JSONDecoder()

    mutating func receive(_ event: SSEParser.Event) {
        if let decoded = try? decoder.decode(Delta.self, from: event.data), decoded.delta != nil { deltas += 1 }
    }
}

/// The reply read the straightforward way, the reference the SDK's own work is held to: the one SSE
/// parser, `JSONDecoder` for every event, the text deltas handed to a callback and joined into the reply.
struct StraightforwardReader: SSEEventSink {
    struct Event: Decodable {
        let type: String
        let delta: String?
    }

    private let decoder = JSONDecoder()
    private let onDelta: (String) -> Void
    private(set) var text = ""
    private(set) var done = false

    init(onDelta: @escaping (String) -> Void) {
        self.onDelta = onDelta
    }

    mutating func receive(_ event: SSEParser.Event) {
        guard !done else { return }
        if event.data.elementsEqual("[DONE]".utf8) {
            done = true
            return
        }
        guard let decoded = try? decoder.decode(Event.self, from: event.data) else { return }
        if decoded.type == "text-delta", let delta = decoded.delta {
            onDelta(delta)
            text += delta
        }
    }

    /// Reads `chunks` as one reply; returns its text.
    static func read(_ chunks: [Data], onDelta: @escaping (String) -> Void) -> String {
        var parser = SSEParser()
        var reader = StraightforwardReader(onDelta: onDelta)
        for chunk in chunks { parser.feed(chunk, into: &reader) }
        parser.finish(into: &reader)
        return reader.text
    }
}
