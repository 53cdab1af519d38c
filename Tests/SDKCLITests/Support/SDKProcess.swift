import ErrorCore
import Foundation
import TestSupport
import Testing

/// Runs the built `sdk` executable as a child process and collects its output, bounded by a timeout
/// (the child is killed when it runs over, so a test never hangs on it).
struct SDKProcess {
    struct Result: Sendable {
        let status: Int32
        let stdout: String
        let stderr: String

        /// Stdout parsed as one JSON object.
        func json() throws -> [String: Any] {
            let object = try JSONSerialization.jsonObject(with: Data(stdout.utf8))
            return try #require(object as? [String: Any], "stdout is not one JSON object: \(stdout)")
        }
    }

    /// Runs `sdk <arguments>` with `environment` (plus `PATH`) and returns once it exits.
    static func run(
        _ arguments: [String], environment: [String: String] = [:], timeout: Duration = .seconds(30)
    ) async throws -> Result {
        try #require(SDKExecutable.isBuilt, "no sdk executable at \(SDKExecutable.url.path): run `swift build` first")
        var env = environment
        env["PATH"] = ProcessInfo.processInfo.environment["PATH"]
        let (process, stdout, stderr) = SDKExecutable.process(arguments, environment: env)

        let (exits, exited) = AsyncStream.makeStream(of: Void.self)
        process.terminationHandler = { _ in
            exited.yield()
            exited.finish()
        }
        try process.run()
        // Drain both pipes while the child runs, so a chatty child cannot block on a full pipe. The reads
        // block, so each gets a thread of its own: blocking Swift's executor threads (Dispatch's pool on
        // Linux) would starve the emulator the child is talking to.
        async let output = readToEnd(stdout.fileHandleForReading)
        async let errors = readToEnd(stderr.fileHandleForReading)

        let finished = await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                for await _ in exits { return true }
                return true
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
        if !finished {
            kill(process.processIdentifier, SIGKILL)
            // Prompt after SIGKILL; needed before the status can be read.
            process.waitUntilExit()
        }
        let result = Result(
            status: process.terminationStatus, stdout: String(decoding: await output, as: UTF8.self),
            stderr: String(decoding: await errors, as: UTF8.self))
        try #require(finished, "sdk \(arguments.joined(separator: " ")) ran over \(timeout)")
        return result
    }

    /// Everything `handle` yields until end of file, read on a dedicated thread.
    private static func readToEnd(_ handle: FileHandle) async -> Data {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: handle.readDataToEndOfFile()) }.start()
        }
    }
}
