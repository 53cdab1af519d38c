import ErrorCore
import Foundation
import SDKCLI

/// Collects whatever a ``TextSink`` receives, so tests read a command's output without a process.
final class TextRecorder: Sendable {
    private let buffer = Locked("")

    /// A sink appending to this recorder.
    var sink: TextSink {
        TextSink { [self] text in buffer.withLock { $0 += text } }
    }

    /// Everything written so far.
    var text: String { buffer.withLock { $0 } }
}

/// The outcome of one `SDKCLI.main` call.
struct CLIResult {
    let status: Int32
    let stdout: String
    let stderr: String

    /// Stdout split into lines, without the final newline's empty tail.
    var stdoutLines: [String] { Self.lines(stdout) }
    /// Stderr split into lines, without the final newline's empty tail.
    var stderrLines: [String] { Self.lines(stderr) }

    /// Stdout parsed as exactly one JSON object on one line.
    func jsonObject() throws -> [String: Any] {
        let lines = stdoutLines
        guard lines.count == 1 else { throw HarnessError.notOneJSONLine(stdout) }
        let object = try JSONSerialization.jsonObject(with: Data(lines[0].utf8))
        guard let dictionary = object as? [String: Any] else { throw HarnessError.notOneJSONLine(stdout) }
        return dictionary
    }

    private static func lines(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}

enum HarnessError: Error {
    case notOneJSONLine(String)
}

/// Runs the CLI in-process with capturing sinks.
enum CLIHarness {
    static func run(
        _ arguments: [String],
        root: Command = SDKCLI.root,
        environment: [String: String] = [:]
    ) async -> CLIResult {
        let stdout = TextRecorder()
        let stderr = TextRecorder()
        let context = OutputContext(stdout: stdout.sink, stderr: stderr.sink, environment: environment)
        let status = await SDKCLI.main(arguments, context, root: root)
        return CLIResult(status: status, stdout: stdout.text, stderr: stderr.text)
    }

    /// A root whose only command is `demo` with the real `sections`, each given three minutes instead
    /// of the 30 s a person waits for: in a process running a thousand other tests, a section that
    /// takes a third of a second alone can be queued for tens of seconds.
    static func demoRoot(_ sections: [DemoSection]) -> Command {
        .group(
            name: "sdk", summary: "Test root.",
            subcommands: [.demo(sections: sections.map { $0.timeLimit(.seconds(180)) })])
    }

    /// Splits `line` at spaces; for tables of command lines without quoting needs.
    static func words(_ line: String) -> [String] {
        line.split(separator: " ").map(String.init)
    }
}
