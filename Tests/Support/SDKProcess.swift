import Emulator
import ErrorCore
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The built `sdk` executable run as a child process, for tests of the CLI and of `sdk emulator`.
///
/// Stdout is read line by line as it comes, stderr is collected, and every wait is bounded; `deinit`
/// SIGKILLs a child that is still running, so a failing test never leaves one behind. Each pipe is
/// drained by a thread of its own with blocking reads to its end, so a chatty child never blocks on a
/// full pipe, the cooperative pool is never blocked, and no dispatch source watches a descriptor that
/// Foundation may close under it.
public final class SDKProcess: Sendable {
    /// A finished run: ``run(_:environment:timeout:)``'s answer.
    public struct Result: Sendable {
        public let status: Int32
        public let stdout: String
        public let stderr: String

        /// Stdout parsed as one JSON object.
        public func json() throws -> [String: Any] {
            let object = try JSONSerialization.jsonObject(with: Data(stdout.utf8))
            return try #require(object as? [String: Any], "stdout is not one JSON object: \(stdout)")
        }
    }

    /// Why a child could not be started or waited for.
    public enum Failure: Error, CustomStringConvertible {
        case executableMissing(String)
        case timedOut(String)

        public var description: String {
            switch self {
            case .executableMissing(let path): "no sdk executable at \(path): run `swift build` first"
            case .timedOut(let what): "timed out waiting for \(what)"
            }
        }
    }

    /// The binary next to the test bundle (`.build/<triple>/debug/sdk`), which `swift build` puts there.
    public static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("sdk")
    }

    private let process = Process()
    private let lines: AsyncStream<String>
    private let output = Locked((stdout: Data(), stderr: Data()))
    private let stdoutClosed = TestSignal()
    private let stderrClosed = TestSignal()
    private let exited = TestSignal()

    /// Starts `sdk <arguments>` with `environment` as its whole environment (`nil` inherits the test's),
    /// and stdin at `/dev/null`, or reading `standardInput` and then its end when given.
    public init(_ arguments: [String], environment: [String: String]? = nil, standardInput: Data? = nil) throws {
        let executable = Self.executable
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw Failure.executableMissing(executable.path)
        }
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        let input = standardInput.map { _ in Pipe() }
        process.standardInput = input ?? FileHandle.nullDevice
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr

        let (lines, lineSink) = AsyncStream.makeStream(of: String.self)
        self.lines = lines
        let exited = self.exited
        process.terminationHandler = { _ in exited.fire() }
        try process.run()
        if let input, let standardInput {
            // Small inputs fit the pipe's buffer, so this never waits on the child.
            try input.fileHandleForWriting.write(contentsOf: standardInput)
            try input.fileHandleForWriting.close()
        }

        let output = self.output
        let stdoutClosed = self.stdoutClosed
        let stdoutHandle = stdout.fileHandleForReading
        Thread {
            var pending = Data()
            while let chunk = Self.readChunk(stdoutHandle) {
                output.withLock { $0.stdout.append(chunk) }
                pending.append(chunk)
                while let newline = pending.firstIndex(of: 0x0A) {
                    lineSink.yield(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
                    pending.removeSubrange(pending.startIndex...newline)
                }
            }
            lineSink.finish()
            stdoutClosed.fire()
        }.start()
        let stderrClosed = self.stderrClosed
        let stderrHandle = stderr.fileHandleForReading
        Thread {
            while let chunk = Self.readChunk(stderrHandle) {
                output.withLock { $0.stderr.append(chunk) }
            }
            stderrClosed.fire()
        }.start()
    }

    /// The next bytes from a pipe, or nil at its end. A plain `read(2)` that retries on `EINTR`:
    /// Foundation's `FileHandle.availableData` on Linux traps when a signal (the many `SIGCHLD`s of a
    /// parallel run) interrupts its read.
    private static func readChunk(_ handle: FileHandle) -> Data? {
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(handle.fileDescriptor, $0.baseAddress, $0.count) }
            if count > 0 { return Data(buffer[0..<count]) }
            if count < 0, errno == EINTR { continue }
            return nil
        }
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// Runs `sdk <arguments>` to its end with `environment` (plus `PATH`) and `standardInput` on stdin
    /// when given, and returns what it printed; a child that runs over `timeout` is killed and the test
    /// fails.
    public static func run(
        _ arguments: [String], environment: [String: String] = [:], standardInput: Data? = nil,
        timeout: Duration = .seconds(30)
    ) async throws -> Result {
        var environment = environment
        environment["PATH"] = ProcessInfo.processInfo.environment["PATH"]
        // A child pointed at an emulator this test runs in process gets its admin token, as a developer's shell
        // would from `sdk emulator start`'s output.
        if environment[EmulatorAdminToken.environmentVariable] == nil,
            let index = arguments.firstIndex(of: "--base-url"), index + 1 < arguments.count,
            let url = URL(string: arguments[index + 1]), let token = EmulatorServer.adminToken(servingAt: url)
        {
            environment[EmulatorAdminToken.environmentVariable] = token
        }
        let child = try SDKProcess(arguments, environment: environment, standardInput: standardInput)
        let finished = await child.exited.wait(timeout: timeout)
        if !finished { child.send(SIGKILL) }
        // After the exit both pipes reach their end as soon as the readers have taken what is left.
        _ = await child.stdoutClosed.wait(timeout: .seconds(5))
        _ = await child.stderrClosed.wait(timeout: .seconds(5))
        let status = try await child.waitForExit().status
        let printed = child.output.withLock { $0 }
        try #require(finished, "sdk \(arguments.joined(separator: " ")) ran over \(timeout)")
        return Result(
            status: status, stdout: String(decoding: printed.stdout, as: UTF8.self),
            stderr: String(decoding: printed.stderr, as: UTF8.self))
    }

    /// Everything the child wrote to stderr so far.
    public var standardError: String { String(decoding: output.withLock { $0.stderr }, as: UTF8.self) }

    /// Reads stdout lines until one satisfies `predicate`; returns the lines read, that one included.
    public func readLines(
        until predicate: @escaping @Sendable (String) -> Bool, timeout: Duration = .seconds(10)
    ) async throws -> [String] {
        let lines = self.lines
        do {
            return try await TransportTestKit.withDeadline(timeout) {
                var read: [String] = []
                for await line in lines {
                    read.append(line)
                    if predicate(line) { return read }
                }
                return read
            }
        } catch is TransportTestTimeout {
            throw Failure.timedOut("stdout line")
        }
    }

    /// Sends `signal` to the child.
    public func send(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// Waits for the child to exit; returns its status and whether a signal ended it.
    public func waitForExit(timeout: Duration = .seconds(10)) async throws -> (status: Int32, signalled: Bool) {
        guard await exited.wait(timeout: timeout) else { throw Failure.timedOut("the process to exit") }
        // The termination handler runs once the status is known.
        return (process.terminationStatus, process.terminationReason == .uncaughtSignal)
    }
}
