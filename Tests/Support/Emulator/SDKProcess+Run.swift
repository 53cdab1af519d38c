import EmulatorCore
import ErrorCore
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

// The test side of ``SDKProcess``: a whole run, bounded, that fails the test when the child overruns.

extension SDKProcess {
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
        return try await SDKProcess(arguments, environment: environment, standardInput: standardInput)
            .finish(timeout: timeout)
    }

    /// Waits for the child to exit and returns everything it printed; a child that runs over `timeout` is
    /// killed and the test fails.
    public func finish(timeout: Duration = .seconds(30)) async throws -> Result {
        let finished = await exited.wait(timeout: timeout)
        if !finished { send(SIGKILL) }
        // After the exit both pipes reach their end as soon as the readers have taken what is left.
        _ = await stdoutClosed.wait(timeout: .seconds(5))
        _ = await stderrClosed.wait(timeout: .seconds(5))
        let status = try await waitForExit().status
        let printed = output.withLock { $0 }
        try #require(finished, "sdk \(arguments.joined(separator: " ")) ran over \(timeout)")
        return Result(
            status: status, stdout: String(decoding: printed.stdout, as: UTF8.self),
            stderr: String(decoding: printed.stderr, as: UTF8.self))
    }
}

extension SDKProcess.Result {
    /// Stdout parsed as one JSON object.
    public func json() throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(stdout.utf8))
        return try #require(object as? [String: Any], "stdout is not one JSON object: \(stdout)")
    }
}
