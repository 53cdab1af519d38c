import ErrorCore
import Foundation
import HTTPServer
import Palbe

/// Issue 4's benchmark. `pb.call` GET of a 1 KB JSON object against the bare transport on the same
/// server (target: overhead ≤ 1.15×), and decoding a 10,000-todo response with the SDK's coders
/// against Foundation's `.convertFromSnakeCase` (the SDK's must not be slower).
enum PalbeBenchmark {
    static let calls = 2_000
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
        try decoding()
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
        let palbe = Palbe(
            configuration: PalbeConfiguration(baseURL: server.baseURL, apiKey: "pk_bench"), transport: transport)
        let raw = HTTPRequest(
            url: server.baseURL.appendingPathComponent("todos"),
            headers: ["apikey": "pk_bench", "Accept": "application/json"])
        for _ in 0..<200 {
            _ = try await transport.send(raw)
            let _: Todo = try await palbe.call("todos", method: .get)
        }
        let bare = try await Measure.time {
            for _ in 0..<calls { _ = try await transport.send(raw) }
        }
        let decoder = SDKCoders.snakeCaseDecoder()
        let bareDecoded = try await Measure.time {
            for _ in 0..<calls { _ = try decoder.decode(Todo.self, from: try await transport.send(raw).body) }
        }
        let sdk = try await Measure.time {
            for _ in 0..<calls { let _: Todo = try await palbe.call("todos", method: .get) }
        }
        let perBare = Measure.micros(bare) / Double(calls)
        let perDecoded = Measure.micros(bareDecoded) / Double(calls)
        let perSDK = Measure.micros(sdk) / Double(calls)
        print("Palbe: \(calls) GETs of a \(body.count)-byte JSON object")
        report("bare CurlTransport", "\(fixed(perBare)) µs/request")
        report("bare CurlTransport + decode", "\(fixed(perDecoded)) µs/request")
        report(
            "pb.call (headers, mapping, decode)", "\(fixed(perSDK)) µs/request",
            "\(fixed(perSDK / perBare, 2))× bare (target ≤ 1.15); \(fixed(perSDK / perDecoded, 2))× bare + decode")
    }

    static func decoding() throws {
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

        func best(_ body: () throws -> Void) rethrows -> Double {
            var times: [Double] = []
            for _ in 0..<5 {
                let start = ContinuousClock.now
                try body()
                times.append(Measure.micros(ContinuousClock.now - start) / 1_000)
            }
            return times.min() ?? .nan
        }
        let sdkDates = try best { _ = try sdk.decode([Todo].self, from: list) }
        let foundationDates = try best { _ = try foundation.decode([Todo].self, from: list) }
        let sdkKeys = try best { _ = try sdk.decode([TodoText].self, from: list) }
        let foundationKeys = try best { _ = try keysOnly.decode([TodoText].self, from: list) }
        print("Palbe: decoding \(todoCount) todos (\(list.count / 1024) KB), best of 5")
        report("SDK coders, dates as Date", "\(fixed(sdkDates)) ms")
        report(
            "Foundation .convertFromSnakeCase + ISO8601FormatStyle", "\(fixed(foundationDates)) ms",
            "SDK is \(fixed(foundationDates / sdkDates, 2))× as fast (must be ≥ 1)")
        report("SDK coders, dates as text (keys only)", "\(fixed(sdkKeys)) ms")
        report(
            "Foundation .convertFromSnakeCase (keys only)", "\(fixed(foundationKeys)) ms",
            "SDK is \(fixed(foundationKeys / sdkKeys, 2))× as fast (must be ≥ 1)")
    }
}
