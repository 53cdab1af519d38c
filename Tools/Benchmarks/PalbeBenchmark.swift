import ErrorCore
import Foundation
import HTTPServer
import Palbe
import SDKTransport

/// `pb.call`: whether the SDK is ever the slow part of an exchange. The SDK's own work for a GET of a
/// 1 KB JSON object (headers, recovery rules, session, trace, decode), answered from memory with no
/// socket, against a bare `CurlTransport` GET of the same body on loopback (target: own work ≤ 0.5× the
/// exchange). Also decoding a 10,000-todo response with the SDK's coders against Foundation's
/// `.convertFromSnakeCase` (the SDK's must not be slower).
enum PalbeBenchmark {
    static let calls = 4_000
    static let rounds = 20
    static let todoCount = 10_000

    struct Todo: Codable, Sendable {
        let id: String
        let title: String
        let completed: Bool
        let tags: [String]
        let visibility: String
        let metadata: [String: String]
        let note: String?
        let dueDate: Date?
        let createdAt: Date
        let updatedAt: Date
    }

    /// The same shape with dates left as text, to compare the key mapping alone.
    struct TodoText: Codable, Sendable {
        let id: String
        let title: String
        let completed: Bool
        let tags: [String]
        let visibility: String
        let metadata: [String: String]
        let note: String?
        let dueDate: String?
        let createdAt: String
        let updatedAt: String
    }

    static func run() async throws {
        try await callOverhead()
        try await decoding()
    }

    static func todoJSON(_ index: Int, noteBytes: Int = 40) -> String {
        let note = String(repeating: "n", count: noteBytes)
        return #"{"id":"todo_\#(index)","title":"Write the benchmark number \#(index)","completed":\#(index % 2 == 0),"#
            + #""tags":["work","bench"],"visibility":"private","metadata":{"source":"bench","rank":"\#(index)"},"#
            + #""note":"\#(note)","due_date":null,"created_at":"2026-11-29T20:15:40.123Z","#
            + #""updated_at":"2026-11-29T20:16:00.5Z"}"#
    }

    static func callOverhead() async throws {
        let body = Data(todoJSON(1, noteBytes: 700).utf8)
        let server = HTTPServer { _ in
            HTTPServerResponse(
                status: 200, headers: ["Content-Type": "application/json", "X-Request-Id": "req_bench"], body: body)
        }
        try server.start()
        defer { Task { await server.shutdown() } }
        let transport = CurlTransport()
        let palbe = PalbeClient(
            configuration: PalbeConfiguration(baseURL: server.baseURL, apiKey: "pk_bench"), transport: transport)
        let raw = HTTPRequest(
            url: server.baseURL.appendingPathComponent("todos"),
            headers: ["apikey": "pk_bench", "Accept": "application/json"])
        let fromMemory = PalbeClient(
            configuration: PalbeConfiguration(baseURL: server.baseURL, apiKey: "pk_bench"),
            transport: MemoryTransport(
                response: HTTPResponse(
                    status: 200, headers: ["Content-Type": "application/json", "X-Request-Id": "req_bench"],
                    body: body)))
        let ownWork: () async throws -> Void = { let _: Todo = try await fromMemory.call("todos", method: .get) }
        for _ in 0..<200 {
            _ = try await transport.send(raw)
            let _: Todo = try await palbe.call("todos", method: .get)
            try await ownWork()
        }
        // Interleaved rounds, the order rotating, so drift in the machine's load hits all three alike;
        // the ratios are medians of the per-round ratios.
        let decoder = SDKCoders.snakeCaseDecoder()
        let perRound = calls / rounds
        let variants: [() async throws -> Void] = [
            { _ = try await transport.send(raw) },
            { _ = try decoder.decode(Todo.self, from: try await transport.send(raw).body) },
            { let _: Todo = try await palbe.call("todos", method: .get) },
        ]
        // Profiling: `PALBE_PROFILE_ONLY=2 perf record … Benchmarks palbe` runs one variant alone (0 bare,
        // 1 bare + decode, 2 pb.call) and exits, so a profile or `perf stat` sees nothing else.
        if let value = ProcessInfo.processInfo.environment["PALBE_PROFILE_ONLY"] {
            guard let only = Int(value), variants.indices.contains(only) else {
                FileHandle.standardError.write(Data("PALBE_PROFILE_ONLY must be 0, 1 or 2, not \(value)\n".utf8))
                exit(2)
            }
            for _ in 0..<calls * 5 { try await variants[only]() }
            exit(0)
        }
        let measured = try await Measure.interleaved(rounds: rounds, iterations: perRound, variants + [ownWork])
        let perBare = measured.median(0)
        let perDecoded = measured.median(1)
        let perSDK = measured.median(2)
        print(
            "Palbe: \(calls) GETs of a \(body.count)-byte JSON object each way, \(rounds) interleaved rounds (medians)")
        report("bare CurlTransport GET on loopback", "\(fixed(perBare)) µs/request")
        report("bare CurlTransport + the same decode", "\(fixed(perDecoded)) µs/request")
        report(
            "pb.call on loopback", "\(fixed(perSDK)) µs/request",
            "\(fixed(measured.ratio(2, over: 0), 2))× the bare GET")
        report(
            "pb.call's own work (answered from memory)", "\(fixed(measured.median(3))) µs/request",
            "\(fixed(measured.ratio(3, over: 0), 2))× the bare GET (target ≤ 0.5)")
    }

    /// A transport that answers every request with `response` at once: what is left of `pb.call` is
    /// the SDK's own work.
    struct MemoryTransport: Transport {
        let response: HTTPResponse

        func send(_ request: HTTPRequest) async throws -> HTTPResponse { response }

        func stream(_ request: HTTPRequest) async throws -> HTTPStreamingResponse {
            throw TransportError(code: .unsupportedURL, requestSent: false, message: "not streamed here")
        }
    }

    static func decoding() async throws {
        let list = Data(("[" + (0..<todoCount).map { todoJSON($0) }.joined(separator: ",") + "]").utf8)
        let sdk = SDKCoders.snakeCaseDecoder()
        let foundation = JSONDecoder()
        foundation.keyDecodingStrategy = .convertFromSnakeCase
        let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        foundation.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            if let date = try? style.parse(text) { return date }
            return try Date.ISO8601FormatStyle().parse(text)
        }
        let keysOnly = JSONDecoder()
        keysOnly.keyDecodingStrategy = .convertFromSnakeCase

        // Back-to-back pairs, the order alternating, 9 rounds: the figures are medians and each ratio is
        // the median of the per-round ratios, so a slow moment hits both sides of a pair alike.
        let dates = try await Measure.interleaved(
            rounds: 9, iterations: 1,
            [
                { _ = try sdk.decode([Todo].self, from: list) },
                { _ = try foundation.decode([Todo].self, from: list) },
            ])
        let keys = try await Measure.interleaved(
            rounds: 9, iterations: 1,
            [
                { _ = try sdk.decode([TodoText].self, from: list) },
                { _ = try keysOnly.decode([TodoText].self, from: list) },
            ])
        print("Palbe: decoding \(todoCount) todos (\(list.count / 1024) KB), 9 alternating rounds (medians)")
        report("SDK coders, dates as Date", "\(fixed(dates.median(0) / 1_000)) ms")
        report(
            "Foundation .convertFromSnakeCase + ISO8601FormatStyle", "\(fixed(dates.median(1) / 1_000)) ms",
            "SDK is \(fixed(dates.ratio(1, over: 0), 2))× as fast (must be ≥ 1)")
        report("SDK coders, dates as text (keys only)", "\(fixed(keys.median(0) / 1_000)) ms")
        report(
            "Foundation .convertFromSnakeCase (keys only)", "\(fixed(keys.median(1) / 1_000)) ms",
            "SDK is \(fixed(keys.ratio(1, over: 0), 2))× as fast (must be ≥ 1)")
    }
}
