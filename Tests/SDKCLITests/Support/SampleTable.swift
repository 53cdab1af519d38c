import ErrorCore
import Foundation
import SDKCLI

/// A small command table using every feature of the parser, so parser and help tests do not
/// depend on which real commands have landed.
enum SampleTable {
    static let root = Command.group(
        name: "tool",
        summary: "A sample tool for parser tests.",
        discussion: "Exercises every kind of declaration.",
        subcommands: [serve, call, emulator, files, login, fail, crash, sdkFailure, usage, quietExit, echo]
    )

    static let serve = Command(
        name: "serve",
        summary: "Start the server.",
        discussion: """
            Serves until interrupted. This paragraph is long enough that the help text has to \
            wrap it over more than one line at eighty columns.

              tool serve --port 9000 --query a=1
            """,
        parameters: ServeParameters(),
        run: echoRun
    )

    struct ServeParameters: CommandParameters {
        let port = Option.value("port", short: "p", type: .port, default: 8080, help: "Port to listen on.")
        let host = Option.value("host", default: "127.0.0.1", help: "Address to bind.")
        let verbose = Option.flag("verbose", short: "v", help: "Log every request.")
        let query = Option<[KeyValue]>.repeating(
            "query", type: .keyValue, valueName: "key=value", help: "Query item to add.")
        let mode = Option.value("mode", type: .oneOf(["fast", "safe"]), default: "safe", help: "How to serve.")
        let offset = Option<Int?>.value("offset", type: .integer, help: "Clock offset in seconds.")
    }

    static let call = Command(
        name: "call",
        summary: "Call a function.",
        parameters: CallParameters(),
        run: echoRun
    )

    struct CallParameters: CommandParameters {
        let function = Argument<String>.required("function", help: "Function name.")
        let body = Argument.optional("body", default: "{}", help: "JSON body.")
    }

    static let emulator = Command.group(
        name: "emulator",
        summary: "Control the emulator.",
        subcommands: [
            Command(name: "start", summary: "Start it.", parameters: EmulatorStartParameters(), run: echoRun),
            Command(name: "stop", summary: "Stop it.", run: echoRun),
            Command(name: "logs", summary: "Show its logs.", parameters: LogsParameters(), run: echoRun),
        ]
    )

    struct EmulatorStartParameters: CommandParameters {
        let port = Option.value("port", type: .port, default: 8787, help: "Port.")
    }

    struct LogsParameters: CommandParameters {
        let lines = Argument.optional("lines", type: .integer(in: 1...1000), default: 10, help: "How many.")
    }

    static let files = Command(
        name: "files",
        summary: "List files.",
        parameters: FilesParameters(),
        run: echoRun
    )

    struct FilesParameters: CommandParameters {
        let paths = Argument<[String]>.variadic("paths", required: true, help: "Paths to list.")
    }

    static let login = Command(
        name: "login",
        summary: "Log in.",
        parameters: LoginParameters(),
        run: echoRun
    )

    struct LoginParameters: CommandParameters {
        let user = Option<String>.required("user", type: .nonEmpty, valueName: "name", help: "Who.")
    }

    static let fail = Command(name: "fail", summary: "Fail at run time.") { _, _ in
        throw CommandFailure(code: "boom", message: "it broke")
    }

    static let crash = Command(name: "crash", summary: "Throw a plain error.") { _, _ in
        throw SampleError.multiline
    }

    static let sdkFailure = Command(name: "sdk-failure", summary: "Throw an SDK error.") { _, _ in
        throw SampleSDKError()
    }

    static let usage = Command(name: "usage", summary: "Reject the line at run time.") { _, _ in
        throw UsageError(code: .conflictingOptions, message: "--a and --b conflict")
    }

    static let quietExit = Command(name: "quiet-exit", summary: "Exit 3 silently.") { _, context in
        context.write("partial")
        throw ExitCode(3)
    }

    static let echo = Command(
        name: "echo", summary: "Show the context.",
        parameters: EchoParameters()
    ) { values, context in
        let key = values.env
        let payload = ContextEcho(
            path: context.commandPath, json: context.isJSON, baseURL: context.baseURL?.absoluteString,
            env: context.environment[key])
        try context.emit(
            payload, text: ["path=\(payload.path.joined(separator: " "))", "base=\(payload.baseURL ?? "-")"])
    }

    struct EchoParameters: CommandParameters {
        let env = Option.value("env", default: "HOME", help: "Environment key to show.")
    }

    @Sendable static func echoRun<Parameters>(_ values: Parsed<Parameters>, _ context: OutputContext) async throws {
        try await echoRun(values.parsedValues, context)
    }

    @Sendable static func echoRun(_ values: ParsedValues, _ context: OutputContext) async throws {
        try context.emit(
            ["ran": values.commandPath.joined(separator: " ")],
            text: ["ran \(values.commandPath.joined(separator: " "))"])
    }
}

struct ContextEcho: Encodable {
    var path: [String]
    var json: Bool
    var baseURL: String?
    var env: String?
}

enum SampleError: Error, CustomStringConvertible {
    case multiline
    var description: String { "first line\nsecond line" }
}

struct SampleSDKError: SDKError {
    var sdkName: String { "palbe" }
    var errorCode: String { "todo_locked" }
    var httpStatus: Int? { 409 }
    var serverRequestID: String? { "req-1" }
}
