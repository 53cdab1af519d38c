import Emulator
import ErrorCore
import Foundation
import SDKTransport

/// Issue 3's benchmark: `GET /todos/{id}` on the embedded emulator with keep-alive, 16 concurrent
/// connections through CurlTransport. Target: at least 5,000 requests/s on this 2-core machine.
enum EmulatorBenchmark {
    static let width = 16
    static let requests = 32_000

    static func run() async throws {
        let emulator = try EmulatorServer(configuration: .testing(palbaseHandlers: [SampleBackend()]))
        let baseURL = try emulator.start()
        defer { Task { await emulator.shutdown() } }
        let transport = CurlTransport()
        let headers: HTTPHeaders = ["apikey": emulator.apiKey, "Accept": "application/json"]

        var create = HTTPRequest(method: "POST", url: baseURL.appendingPathComponent("todos"), headers: headers)
        create.headers["Content-Type"] = "application/json"
        create.body = Data(#"{"title":"Benchmark todo","tags":["bench"],"metadata":{"source":"bench"}}"#.utf8)
        let created = try await transport.send(create)
        guard created.status == 201,
            let id = try JSONDecoder().decode(AnyCodableValue.self, from: created.body)["id"]?.stringValue
        else { fatalError("could not create the benchmark todo: \(created.status)") }
        let get = HTTPRequest(url: baseURL.appendingPathComponent("todos").appendingPathComponent(id), headers: headers)

        for _ in 0..<500 { _ = try await transport.send(get) }  // warm-up: connections, caches, SQLite pages
        print("Emulator: GET /todos/{id}, \(width) keep-alive connections, \(requests) requests (client in-process)")
        let clock = ContinuousClock()
        let started = clock.now
        let latencies = try await withThrowingTaskGroup(of: [Double].self) { group in
            for _ in 0..<width {
                group.addTask {
                    var samples: [Double] = []
                    samples.reserveCapacity(requests / width)
                    for _ in 0..<(requests / width) {
                        let start = clock.now
                        let response = try await transport.send(get)
                        guard response.status == 200 else { fatalError("status \(response.status)") }
                        samples.append(Measure.micros(clock.now - start) / 1_000)
                    }
                    return samples
                }
            }
            return try await group.reduce(into: [Double]()) { $0 += $1 }
        }
        let seconds = Measure.micros(clock.now - started) / 1_000_000
        summarize("through CurlTransport", latencies, seconds)

        // The same load from a client that costs the two cores almost nothing, so the figure is the
        // emulator's own capacity (the target's measure).
        let port = baseURL.port ?? 0
        let raw =
            "GET /todos/\(id) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\napikey: \(emulator.apiKey)\r\n"
            + "Accept: application/json\r\n\r\n"
        print("Emulator: the same, from 16 raw keep-alive sockets (one thread each)")
        let rawRun = await RawLoadClient.run(
            port: port, request: raw, connections: width, requestsPerConnection: requests / width)
        summarize("raw sockets", rawRun.latencies, rawRun.seconds)
    }

    static func summarize(_ name: String, _ latencies: [Double], _ seconds: Double) {
        report(
            "\(name): throughput", "\(fixed(Double(latencies.count) / seconds, 0)) requests/s", "(target ≥ 5,000)")
        report(
            "\(name): latency p50 / p99 / max",
            "\(fixed(Measure.percentile(latencies, 0.5), 2)) / \(fixed(Measure.percentile(latencies, 0.99), 2)) / "
                + "\(fixed(latencies.max() ?? 0, 2)) ms")
    }
}
