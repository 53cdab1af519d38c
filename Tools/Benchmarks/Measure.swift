import Foundation

/// Timing and memory helpers shared by every benchmark.
enum Measure {
    /// Runs `body` and returns the wall time it took.
    static func time(_ body: () async throws -> Void) async rethrows -> Duration {
        let clock = ContinuousClock()
        let start = clock.now
        try await body()
        return clock.now - start
    }

    /// Microseconds in a duration, as a Double.
    static func micros(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1_000_000 + Double(attoseconds) / 1_000_000_000_000
    }

    /// The value at quantile `q` (0...1) of `samples` (sorted here).
    static func percentile(_ samples: [Double], _ q: Double) -> Double {
        guard !samples.isEmpty else { return .nan }
        let sorted = samples.sorted()
        let index = min(sorted.count - 1, max(0, Int((Double(sorted.count - 1) * q).rounded())))
        return sorted[index]
    }

    /// The process's resident set size and its peak so far, in kilobytes, from /proc/self/status.
    static func residentKilobytes() -> (current: Int, peak: Int) {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return (0, 0) }
        func field(_ name: String) -> Int {
            for line in status.split(separator: "\n") where line.hasPrefix(name) {
                return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
            }
            return 0
        }
        return (field("VmRSS:"), field("VmHWM:"))
    }
}

/// Prints one aligned result line.
func report(_ name: String, _ value: String, _ note: String = "") {
    let padded = name.padding(toLength: 46, withPad: " ", startingAt: 0)
    print("  \(padded) \(value)\(note.isEmpty ? "" : "   \(note)")")
}

/// Formats a number with a fixed count of decimals.
func fixed(_ value: Double, _ decimals: Int = 1) -> String {
    String(format: "%.\(decimals)f", value)
}
