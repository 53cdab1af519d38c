import Foundation

/// Everything a command needs to talk to the outside: where output goes, whether `--json` was
/// given, which server to use, and the environment.
///
/// Commands print through it, never through `print`, so tests capture output by passing
/// capturing ``TextSink``s, and `--json` stays one object on stdout. The runner fills in
/// ``isJSON``, ``baseURL`` and ``commandPath`` from the parsed line before calling `run`.
package struct OutputContext: Sendable {
    /// Results go here.
    package var stdout: TextSink
    /// Progress notes, warnings and (in text mode) errors go here.
    package var stderr: TextSink
    /// The process environment, or a test's stand-in.
    package var environment: [String: String]
    /// `--json` was given: ``emit(_:text:)`` prints JSON, errors print as JSON on stdout.
    package var isJSON: Bool
    /// `--base-url`, else `SDK_BASE_URL`, else `nil` (the command's own default applies).
    package var baseURL: URL?
    /// The running command's words, root first (`["sdk", "demo"]`); empty before parsing.
    package var commandPath: [String]
    /// What the command leaves for the end of its run (a client's pending session write).
    package let atExit = ExitWork()

    /// A context writing to the given sinks.
    package init(
        stdout: TextSink,
        stderr: TextSink,
        environment: [String: String] = [:],
        isJSON: Bool = false,
        baseURL: URL? = nil,
        commandPath: [String] = []
    ) {
        self.stdout = stdout
        self.stderr = stderr
        self.environment = environment
        self.isJSON = isJSON
        self.baseURL = baseURL
        self.commandPath = commandPath
    }

    /// The process's stdout, stderr and environment.
    package static func standard() -> OutputContext {
        OutputContext(
            stdout: .standardOutput, stderr: .standardError, environment: ProcessInfo.processInfo.environment)
    }

    /// Writes one line to stdout. In `--json` mode prefer ``emit(_:text:)``, which keeps stdout
    /// a single JSON object.
    package func write(_ line: String) {
        stdout.write(line + "\n")
    }

    /// Writes one line to stderr; fine in both modes, since `--json` only governs stdout.
    package func log(_ line: String) {
        stderr.write(line + "\n")
    }

    /// Prints a command's result: `value` as one line of JSON with `--json`, else `text`, one
    /// line each.
    ///
    /// - Throws: `EncodingError` when `value` cannot be encoded (a non-finite number, say);
    ///   nothing is printed then.
    package func emit<Value: Encodable>(_ value: Value, text: [String]) throws {
        if isJSON {
            stdout.write(try Self.jsonLine(value) + "\n")
        } else {
            for line in text { write(line) }
        }
    }

    /// `value` as compact JSON with sorted keys and unescaped slashes, so output is stable.
    static func jsonLine<Value: Encodable>(_ value: Value) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
