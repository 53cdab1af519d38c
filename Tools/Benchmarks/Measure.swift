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

    /// What ``interleaved(rounds:iterations:warmUp:measuring:_:)`` times a round by.
    enum Meter {
        /// Wall-clock time.
        case wall
        /// The CPU time of the thread running the round (`CLOCK_THREAD_CPUTIME_ID`), which the work of other
        /// threads and the scheduler do not enter. A round whose Task changed threads is not counted.
        case callingThreadCPU
    }

    /// Times each variant over `rounds` interleaved rounds of `iterations` runs each, the order rotating
    /// from round to round, so drift in the machine's load hits every variant alike. Each round of a variant
    /// starts with `warmUp` runs it does not time, so what ran just before (its threads, its caches) does
    /// not weigh on the variant's first runs.
    static func interleaved(
        rounds: Int, iterations: Int, warmUp: Int = 0, measuring meter: Meter = .wall,
        _ variants: [() async throws -> Void]
    ) async throws -> Interleaved {
        var micros = [[Double]](repeating: [Double](repeating: .nan, count: rounds), count: variants.count)
        for round in 0..<rounds {
            for offset in 0..<variants.count {
                let index = (round + offset) % variants.count
                for _ in 0..<warmUp { try await variants[index]() }
                switch meter {
                case .wall:
                    let elapsed = try await time {
                        for _ in 0..<iterations { try await variants[index]() }
                    }
                    micros[index][round] = Measure.micros(elapsed) / Double(iterations)
                case .callingThreadCPU:
                    let thread = pthread_self()
                    let start = threadCPUMicros()
                    for _ in 0..<iterations { try await variants[index]() }
                    let used = threadCPUMicros() - start
                    if pthread_equal(thread, pthread_self()) != 0 { micros[index][round] = used / Double(iterations) }
                }
            }
        }
        return Interleaved(micros: micros)
    }

    /// The per-round times of ``interleaved(rounds:iterations:warmUp:measuring:_:)``.
    struct Interleaved {
        /// Microseconds per run, per variant, per round; NaN for a round not counted.
        let micros: [[Double]]

        /// The median microseconds per run of variant `index`.
        func median(_ index: Int) -> Double {
            Measure.percentile(micros[index].filter { !$0.isNaN }, 0.5)
        }

        /// The median over rounds of variant `index`'s time divided by variant `baseline`'s.
        func ratio(_ index: Int, over baseline: Int) -> Double {
            Measure.percentile(zip(micros[index], micros[baseline]).map { $0 / $1 }.filter { !$0.isNaN }, 0.5)
        }

        /// The median over rounds of variant `index`'s time minus variant `baseline`'s, in microseconds: each
        /// difference taken within one round, so drift in the machine's speed over the run cancels out.
        func difference(_ index: Int, over baseline: Int) -> Double {
            Measure.percentile(zip(micros[index], micros[baseline]).map { $0 - $1 }.filter { !$0.isNaN }, 0.5)
        }
    }

    /// The CPU time the calling thread has used, in microseconds (`CLOCK_THREAD_CPUTIME_ID`).
    static func threadCPUMicros() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1_000_000 + Double(time.tv_nsec) / 1_000
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

    /// Resets the kernel's record of this process's peak RSS (`VmHWM`) to its current RSS, by writing 5 to
    /// `/proc/self/clear_refs` (Linux 4.0 and later); `false` where that is not possible.
    @discardableResult
    static func resetPeakResident() -> Bool {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? handle.close() }
        return (try? handle.write(contentsOf: Data("5".utf8))) != nil
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

/// Formats a difference with its sign, one decimal: "+1.5", "-0.3".
func signed(_ value: Double) -> String {
    String(format: "%+.1f", value)
}

/// Formats a number with a fixed count of decimals.
func fixed(_ value: Double, _ decimals: Int = 1) -> String {
    String(format: "%.\(decimals)f", value)
}
