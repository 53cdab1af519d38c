import Foundation

/// The built `sdk` executable, for tests that run the CLI as a child process.
package enum SDKExecutable {
    /// The binary next to the test bundle (`.build/<triple>/debug/sdk`).
    package static var url: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("sdk")
    }

    /// Whether the binary is there to run (`swift build` puts it there).
    package static var isBuilt: Bool { FileManager.default.isExecutableFile(atPath: url.path) }

    /// A process for `sdk <arguments>`, not yet started: stdout and stderr piped, stdin at
    /// `/dev/null`, and `environment` as the whole environment (`nil` inherits the test's).
    package static func process(
        _ arguments: [String], environment: [String: String]? = nil
    ) -> (process: Process, stdout: Pipe, stderr: Pipe) {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        if let environment { process.environment = environment }
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = FileHandle.nullDevice
        return (process, stdout, stderr)
    }
}
