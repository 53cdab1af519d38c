import ErrorCore
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite struct SDKLoggerTests {
    final class Collector: SDKLogger, @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [LogRecord] = []
        let minimum: LogLevel
        init(minimum: LogLevel) { self.minimum = minimum }
        func isEnabled(_ level: LogLevel) -> Bool { level >= minimum }
        func log(_ record: LogRecord) { lock.withLock { stored.append(record) } }
        var records: [LogRecord] { lock.withLock { stored } }
    }

    @Test func disabledLevelsNeverBuildTheMessage() {
        var built = 0
        func message() -> String {
            built += 1
            return "built"
        }
        let collector = Collector(minimum: .info)
        collector.log(.debug, subsystem: "s", category: "c", message())
        #expect(built == 0)
        collector.log(.error, subsystem: "s", category: "c", message())
        #expect(built == 1)
        #expect(collector.records.map(\.message) == ["built"])
        #expect(collector.records.first?.level == .error)

        let disabled: any SDKLogger = .disabled
        disabled.log(.error, subsystem: "s", category: "c", message())
        #expect(built == 1)
        #expect(LogLevel.allCases.allSatisfy { !disabled.isEnabled($0) })
    }

    @Test func levelsAreOrderedBySeverity() {
        #expect(LogLevel.allCases == [.trace, .debug, .info, .warning, .error])
        #expect(LogLevel.allCases.sorted() == LogLevel.allCases)
        #expect(LogLevel.warning.description == "warning")
    }

    @Test func lineFormatIsOneLinePerRecord() {
        let record = LogRecord(
            level: .debug, subsystem: "studio.palbase.sdk", category: "http", message: "GET /todos\nline two\r",
            date: Date(timeIntervalSince1970: 1_700_000_000.5))
        #expect(
            StderrLogger.line(for: record)
                == "2023-11-14T22:13:20.500Z debug studio.palbase.sdk[http] GET /todos\\nline two\\r\n")
    }

    @Test func stderrLoggerFiltersByLevel() {
        let logger = StderrLogger(minimumLevel: .warning)
        #expect(!logger.isEnabled(.info))
        #expect(logger.isEnabled(.warning))
        #expect(StderrLogger.stderr.minimumLevel == .debug)
    }

    /// Many tasks write long lines at once; every line must arrive whole and unmixed.
    @Test func concurrentWritesNeverInterleave() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("stderr-logger-\(UUID()).log").path
        let descriptor = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0o600)
        try #require(descriptor >= 0)
        defer {
            close(descriptor)
            unlink(path)
        }
        let logger = StderrLogger(minimumLevel: .trace, fileDescriptor: descriptor)
        let payload = String(repeating: "x", count: 8000)
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for line in 0..<25 {
                        logger.log(.info, subsystem: "test", category: "t\(task)", "\(task)-\(line)-\(payload)-end")
                    }
                }
            }
        }
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 200)
        #expect(lines.allSatisfy { $0.hasSuffix("\(payload)-end") && $0.contains(" info test[t") })
        #expect(Set(lines.map { $0.split(separator: " ")[3] }).count == 200)
    }
}
