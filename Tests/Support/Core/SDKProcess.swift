import ErrorCore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The built `sdk` executable run as a child process, for tests of the CLI and of `sdk emulator`, or another
/// program (`executable:`), such as `python3` checking the emulator's tokens with an independent library.
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

        public init(status: Int32, stdout: String, stderr: String) {
            self.status = status
            self.stdout = stdout
            self.stderr = stderr
        }
    }

    /// Why a child could not be started or waited for.
    public enum Failure: Error, CustomStringConvertible {
        case executableMissing(String)
        case timedOut(String)

        public var description: String {
            switch self {
            case .executableMissing(let path):
                path == SDKProcess.executable.path
                    ? "no sdk executable at \(path): run `swift build` first" : "no executable at \(path)"
            case .timedOut(let what): "timed out waiting for \(what)"
            }
        }
    }

    /// The binary next to the test bundle (`.build/<triple>/debug/sdk`), which `swift build` puts there.
    public static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("sdk")
    }

    private let pid: pid_t
    /// The child's arguments, for messages.
    package let arguments: [String]
    private static let spawnLock = NSLock()
    private let lines: AsyncStream<String>
    package let output = Locked((stdout: Data(), stderr: Data()))
    private let exitStatus = Locked<Int32?>(nil)
    package let stdoutClosed = TestSignal()
    package let stderrClosed = TestSignal()
    package let exited = TestSignal()
    /// The write end of the child's stdin while it is kept open (``init(_:environment:standardInput:keepStandardInputOpen:executable:)``).
    private let standardInputWriter = Locked<Int32?>(nil)

    /// The executable named `name` in the directories of the test's `PATH`, as a shell would find it; nil when
    /// none is there.
    public static func executable(named name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").lazy.map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Starts `sdk <arguments>` (or `executable`, an absolute path: ``executable(named:)`` finds one on `PATH`)
    /// with `environment` as its whole environment (`nil` inherits the test's), and stdin at `/dev/null`, or
    /// reading `standardInput` and then its end when given. With
    /// `keepStandardInputOpen`, stdin is a pipe the test writes to as it goes (``writeLine(_:)``) and
    /// ends with ``closeStandardInput()`` (or the child's end).
    ///
    /// Spawned with `posix_spawn` rather than Foundation's `Process`: on Linux, `Process.run()` over-reads
    /// `/proc/self/fd` entries and crashes the whole test process now and then when many descriptors are
    /// open (swift-corelibs-foundation#5472, in 6.3.1), which a parallel suite full of sockets provokes.
    /// The pipes are close-on-exec, so no other child keeps them open.
    public init(
        _ arguments: [String], environment: [String: String]? = nil, standardInput: Data? = nil,
        keepStandardInputOpen: Bool = false, executable: URL = SDKProcess.executable
    ) throws {
        let pipesStandardInput = standardInput != nil || keepStandardInputOpen
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw Failure.executableMissing(executable.path)
        }
        let environment = environment ?? ProcessInfo.processInfo.environment
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var stdoutPipe: [Int32] = [-1, -1]
        var stderrPipe: [Int32] = [-1, -1]
        var stdinPipe: [Int32] = [-1, -1]
        var child: pid_t = 0
        // Under one lock, so no other child spawned here inherits these pipes before they are close-on-exec
        // (the dup2s below give the child its own copies as 1 and 2).
        let spawned: Int32 = Self.spawnLock.withLock {
            guard pipe(&stdoutPipe) == 0 else { return errno }
            guard pipe(&stderrPipe) == 0 else {
                close(stdoutPipe[0])
                close(stdoutPipe[1])
                return errno
            }
            if pipesStandardInput, pipe(&stdinPipe) != 0 {
                for descriptor in stdoutPipe + stderrPipe { close(descriptor) }
                return errno
            }
            for descriptor in stdoutPipe + stderrPipe + stdinPipe where descriptor >= 0 {
                _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            }
            #if canImport(Darwin)
                var actions: posix_spawn_file_actions_t?  // an opaque pointer on Darwin, a struct in Glibc
            #else
                var actions = posix_spawn_file_actions_t()
            #endif
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            if pipesStandardInput {
                posix_spawn_file_actions_adddup2(&actions, stdinPipe[0], 0)
            } else {
                posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            }
            posix_spawn_file_actions_adddup2(&actions, stdoutPipe[1], 1)
            posix_spawn_file_actions_adddup2(&actions, stderrPipe[1], 2)
            let result = posix_spawn(&child, executable.path, &actions, nil, argv, envp)
            close(stdoutPipe[1])
            close(stderrPipe[1])
            if stdinPipe[0] >= 0 { close(stdinPipe[0]) }
            if result != 0 {
                close(stdoutPipe[0])
                close(stderrPipe[0])
                if stdinPipe[1] >= 0 { close(stdinPipe[1]) }
            }
            return result
        }
        guard spawned == 0 else { throw POSIXError(.init(rawValue: spawned) ?? .EIO) }
        if stdinPipe[1] >= 0 {
            // Small inputs fit the pipe's buffer, so this never waits on the child.
            if let standardInput { Self.writeAll(standardInput, to: stdinPipe[1]) }
            if keepStandardInputOpen {
                standardInputWriter.withLock { $0 = stdinPipe[1] }
            } else {
                close(stdinPipe[1])
            }
        }
        pid = child
        self.arguments = arguments

        let (lines, lineSink) = AsyncStream.makeStream(of: String.self)
        self.lines = lines
        let exited = self.exited
        let exitStatus = self.exitStatus
        let reaped = child
        Thread {
            var status: Int32 = 0
            while waitpid(reaped, &status, 0) < 0 && errno == EINTR {}
            exitStatus.withLock { $0 = status }
            exited.fire()
        }.start()

        let output = self.output
        let stdoutClosed = self.stdoutClosed
        let stdoutDescriptor = stdoutPipe[0]
        Thread {
            var pending = Data()
            while let chunk = Self.readChunk(stdoutDescriptor) {
                output.withLock { $0.stdout.append(chunk) }
                pending.append(chunk)
                while let newline = pending.firstIndex(of: 0x0A) {
                    lineSink.yield(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
                    pending.removeSubrange(pending.startIndex...newline)
                }
            }
            close(stdoutDescriptor)
            lineSink.finish()
            stdoutClosed.fire()
        }.start()
        let stderrClosed = self.stderrClosed
        let stderrDescriptor = stderrPipe[0]
        Thread {
            while let chunk = Self.readChunk(stderrDescriptor) {
                output.withLock { $0.stderr.append(chunk) }
            }
            close(stderrDescriptor)
            stderrClosed.fire()
        }.start()
    }

    deinit {
        closeStandardInput()
        if exitStatus.withLock({ $0 }) == nil { kill(pid, SIGKILL) }
    }

    /// The next bytes from a pipe, or nil at its end. A plain `read(2)` that retries on `EINTR`:
    /// Foundation's `FileHandle.availableData` on Linux traps when a signal (the many `SIGCHLD`s of a
    /// parallel run) interrupts its read.
    private static func readChunk(_ descriptor: Int32) -> Data? {
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 { return Data(buffer[0..<count]) }
            if count < 0, errno == EINTR { continue }
            return nil
        }
    }

    /// Writes `line` and a newline to the child's stdin, kept open by
    /// ``init(_:environment:standardInput:keepStandardInputOpen:executable:)``; a small line never waits on the child.
    public func writeLine(_ line: String) {
        standardInputWriter.withLock { descriptor in
            if let descriptor { Self.writeAll(Data((line + "\n").utf8), to: descriptor) }
        }
    }

    /// Ends the child's stdin when it was kept open.
    public func closeStandardInput() {
        standardInputWriter.withLock { descriptor in
            if let open = descriptor { close(open) }
            descriptor = nil
        }
    }

    /// Writes all of `data` to `descriptor` (``writeFully(_:_:)``); stops at a failure, such as a child that
    /// closed its end (`MSG_NOSIGNAL` is for sockets: SIGPIPE is ignored instead, as the HTTP server does,
    /// so that write fails with `EPIPE` rather than killing the test process).
    private static func writeAll(_ data: Data, to descriptor: Int32) {
        signal(SIGPIPE, SIG_IGN)
        _ = data.withUnsafeBytes { writeFully(descriptor, $0) }
    }

    /// Everything the child wrote to stderr so far.
    public var standardError: String { String(decoding: output.withLock { $0.stderr }, as: UTF8.self) }

    /// Waits until the child's stderr has a line satisfying `predicate` and returns that line.
    public func standardErrorLine(
        where predicate: @escaping @Sendable (String) -> Bool, timeout: Duration = .seconds(10)
    ) async throws -> String {
        let deadline = ContinuousClock.now + timeout
        while true {
            let lines = standardError.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            if let line = lines.first(where: { predicate(String($0)) }) { return String(line) }
            guard ContinuousClock.now < deadline, exitStatus.withLock({ $0 }) == nil || !stderrClosed.isFired else {
                throw Failure.timedOut("stderr line")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

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

    /// Sends `signal` to the child (nothing once it has been reaped, so a reused pid is never hit).
    public func send(_ signal: Int32) {
        if exitStatus.withLock({ $0 }) == nil { kill(pid, signal) }
    }

    /// Waits for the child to exit; returns its status and whether a signal ended it.
    public func waitForExit(timeout: Duration = .seconds(10)) async throws -> (status: Int32, signalled: Bool) {
        guard await exited.wait(timeout: timeout), let status = exitStatus.withLock({ $0 }) else {
            throw Failure.timedOut("the process to exit")
        }
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import as functions.
        let signal = status & 0x7f
        return signal == 0 ? ((status >> 8) & 0xff, false) : (signal, true)
    }
}
