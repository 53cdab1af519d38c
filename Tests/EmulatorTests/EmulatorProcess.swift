import ErrorCore
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The built `sdk` executable run as a child process, with its stdout read line by line.
///
/// Every wait is bounded; `deinit` SIGKILLs a child that is still running, so a failing test never leaves one.
final class EmulatorProcess: Sendable {
    enum Failure: Error, CustomStringConvertible {
        case executableMissing(String)
        case timedOut(String)

        var description: String {
            switch self {
            case .executableMissing(let path): "no sdk executable at \(path): run `swift build` first"
            case .timedOut(let what): "timed out waiting for \(what)"
            }
        }
    }

    private let process: Process
    private let lines: AsyncStream<String>
    private let stderrText = Locked("")
    private let exited = Locked<(status: Int32, reason: Process.TerminationReason)?>(nil)
    private let exitStream: AsyncStream<Void>

    /// Starts `sdk <arguments>`.
    init(_ arguments: [String]) throws {
        guard SDKExecutable.isBuilt else { throw Failure.executableMissing(SDKExecutable.url.path) }
        let (process, stdout, stderr) = SDKExecutable.process(arguments)
        self.process = process

        let (lines, lineSink) = AsyncStream.makeStream(of: String.self)
        self.lines = lines
        let pending = Locked(Data())
        stdout.fileHandleForReading.readabilityHandler = { handle in
            let chunk = handle.availableData
            if chunk.isEmpty {
                handle.readabilityHandler = nil
                lineSink.finish()
                return
            }
            let complete: [String] = pending.withLock { buffer in
                buffer.append(chunk)
                var found: [String] = []
                while let newline = buffer.firstIndex(of: 0x0A) {
                    found.append(String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self))
                    buffer.removeSubrange(buffer.startIndex...newline)
                }
                return found
            }
            for line in complete { lineSink.yield(line) }
        }
        let errors = stderrText
        stderr.fileHandleForReading.readabilityHandler = { handle in
            let chunk = handle.availableData
            if chunk.isEmpty {
                handle.readabilityHandler = nil
            } else {
                errors.withLock { $0 += String(decoding: chunk, as: UTF8.self) }
            }
        }
        let (exitStream, exitSink) = AsyncStream.makeStream(of: Void.self)
        self.exitStream = exitStream
        let exited = self.exited
        process.terminationHandler = { process in
            exited.withLock { $0 = (process.terminationStatus, process.terminationReason) }
            exitSink.finish()
        }
        try process.run()
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// Everything the child wrote to stderr so far.
    var standardError: String { stderrText.withLock { $0 } }

    /// Reads stdout lines until one satisfies `predicate`; returns the lines read, that one included.
    func readLines(
        until predicate: @escaping @Sendable (String) -> Bool, timeout: Duration = .seconds(10)
    ) async throws
        -> [String]
    {
        let lines = self.lines
        return try await Self.bounded(timeout, "stdout line") {
            var read: [String] = []
            for await line in lines {
                read.append(line)
                if predicate(line) { return read }
            }
            return read
        }
    }

    /// Sends `signal` to the child.
    func send(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// Waits for the child to exit; returns its status and whether a signal ended it.
    func waitForExit(timeout: Duration = .seconds(10)) async throws -> (status: Int32, signalled: Bool) {
        let stream = exitStream
        try await Self.bounded(timeout, "the process to exit") {
            for await _ in stream {}
        }
        let result = try #require(exited.withLock { $0 })
        return (result.status, result.reason == .uncaughtSignal)
    }

    /// Runs `work`, throwing `Failure.timedOut` if it takes longer than `timeout`.
    static func bounded<T: Sendable>(
        _ timeout: Duration, _ what: String, _ work: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        try await withThrowingTaskGroup(of: T.self) { group in
            group.addTask { try await work() }
            group.addTask {
                try await Task.sleep(for: timeout)
                throw Failure.timedOut(what)
            }
            defer { group.cancelAll() }
            return try await group.next()!
        }
    }
}
