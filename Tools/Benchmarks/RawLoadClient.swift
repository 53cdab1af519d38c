import Foundation
import HTTPServer
import HTTPServerTesting

/// A load generator that costs the server as little CPU as possible: one thread per keep-alive
/// connection, each a blocking ``LoopbackClient`` sending a fixed request.
enum RawLoadClient {
    /// Sends `requestsPerConnection` copies of `request` on each of `connections` connections to
    /// 127.0.0.1:`port`; returns every request's latency in milliseconds and the wall time.
    static func run(
        port: Int, request: String, connections: Int, requestsPerConnection: Int
    ) async -> (latencies: [Double], seconds: Double) {
        let start = ContinuousClock.now
        let latencies = await withTaskGroup(of: [Double].self) { group in
            for _ in 0..<connections {
                group.addTask {
                    await withCheckedContinuation { continuation in
                        Thread {
                            continuation.resume(returning: drive(port, Array(request.utf8), requestsPerConnection))
                        }.start()
                    }
                }
            }
            return await group.reduce(into: [Double]()) { $0 += $1 }
        }
        return (latencies, Measure.micros(ContinuousClock.now - start) / 1_000_000)
    }

    private static func drive(_ port: Int, _ request: [UInt8], _ count: Int) -> [Double] {
        var samples: [Double] = []
        samples.reserveCapacity(count)
        do {
            let client = try LoopbackClient(port: port)
            for _ in 0..<count {
                let sent = ContinuousClock.now
                try client.send(request)
                let status = try client.readResponse().status
                guard status == 200 else { fatalError("status \(status)") }
                samples.append(Measure.micros(ContinuousClock.now - sent) / 1_000)
            }
        } catch {
            fatalError("raw load client: \(error)")
        }
        return samples
    }
}
