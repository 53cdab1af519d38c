import Emulator
import Foundation
import Palbe
import TestSupportCore

/// Issue 29's benchmark: the refresh storm spread over processes that share one session store (an app and
/// its extensions), against the same storm in one process. Each storm is run by `sdk __palbe-storm` children
/// (the release `sdk` next to this executable: `swift build -c release --product sdk`), which time every call
/// from their common start: 4 processes × 250 calls, and 1 process × 1,000, on a session whose access token
/// has expired. Target: the cross-process median ≤ 1.5× the one-process median, and exactly one refresh in
/// the request log for each storm.
extension AuthBenchmark {
    static let processStormRounds = 3

    static func crossProcessStorm(_ bed: Bed) async throws {
        guard FileManager.default.isExecutableFile(atPath: SDKProcess.executable.path) else {
            throw BenchFailure(
                "the cross-process storm needs the release sdk beside this executable: "
                    + "swift build -c release --product sdk")
        }
        var spread: [Double] = []
        var single: [Double] = []
        for round in 0..<processStormRounds {
            spread.append(try await processStorm(bed, store: "processes-4-\(round)", processes: 4, calls: 250))
            single.append(try await processStorm(bed, store: "processes-1-\(round)", processes: 1, calls: 1_000))
        }
        let spreadMedian = Measure.percentile(spread, 0.5)
        let singleMedian = Measure.percentile(single, 0.5)
        print(
            "Palbe auth: cross-process storm, GET auth/me with an expired token from `sdk` children sharing one "
                + "session store, \(processStormRounds) rounds")
        report("refreshes in the request log, each storm", "1", "must be exactly 1 (checked every round)")
        report("1 process × 1,000 calls, median latency", "\(fixed(singleMedian / 1_000, 2)) ms")
        report(
            "4 processes × 250 calls, median latency", "\(fixed(spreadMedian / 1_000, 2)) ms",
            "\(fixed(spreadMedian / singleMedian, 2))× one process (target ≤ 1.5)")
    }

    /// One storm: signs an account up with an expired token in `store`, starts `processes` children on it,
    /// lets them go together, and answers the median latency of all their calls, in µs.
    private static func processStorm(_ bed: Bed, store: String, processes: Int, calls: Int) async throws -> Double {
        try await bed.signUp(store: store, expired: true)
        let marker = try bed.lastRequestID()
        let children = try (0..<processes).map { _ in
            try SDKProcess(
                [
                    "__palbe-storm", bed.storeDirectory(store).path, bed.baseURL.absoluteString, bed.emulator.apiKey,
                    bed.emulator.sealingPublicKeyBase64URL, String(calls),
                ], keepStandardInputOpen: true)
        }
        for child in children { _ = try await child.readLines(until: { $0 == "ready" }, timeout: .seconds(60)) }
        for child in children { child.writeLine("go") }
        var latencies: [Double] = []
        for child in children {
            let lines = try await child.readLines(until: { $0.hasPrefix("latencies ") }, timeout: .seconds(120))
            guard lines.contains("done \(calls) 0"), let last = lines.last else {
                throw BenchFailure("a storm process failed: \(lines.prefix(5))")
            }
            latencies += last.dropFirst("latencies ".count).split(separator: ",").compactMap { Double($0) }
            _ = try await child.waitForExit(timeout: .seconds(30))
        }
        let refreshes = try bed.refreshes(after: marker)
        guard refreshes == 1, latencies.count == processes * calls else {
            throw BenchFailure("a storm over \(processes) processes made \(refreshes) refreshes")
        }
        return Measure.percentile(latencies, 0.5)
    }
}
