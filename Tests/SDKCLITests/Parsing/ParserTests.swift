import Foundation
import SDKCLI
import Testing

@Suite struct ParserTests {
    let parser = CommandLineParser(root: SampleTable.root)
    let serveOptions = SampleTable.ServeParameters()
    let callArguments = SampleTable.CallParameters()
    let logsArguments = SampleTable.LogsParameters()
    let filesArguments = SampleTable.FilesParameters()
    let startOptions = SampleTable.EmulatorStartParameters()

    func parse(_ line: String, environment: [String: String] = [:]) throws -> ParsedCommandLine {
        try parser.parse(CLIHarness.words(line), environment: environment)
    }

    func usageError(_ arguments: [String], environment: [String: String] = [:]) -> UsageError? {
        do {
            _ = try parser.parse(arguments, environment: environment)
            return nil
        } catch {
            return error
        }
    }

    func usageError(_ line: String) -> UsageError? {
        usageError(CLIHarness.words(line))
    }

    // MARK: - Flags and options

    @Test func flagsAreSetByLongOrShortNameAndOtherwiseOff() throws {
        #expect(try parse("serve --verbose").values[serveOptions.verbose])
        #expect(try parse("serve -v").values[serveOptions.verbose])
        #expect(try !parse("serve").values[serveOptions.verbose])
    }

    @Test(arguments: ["serve --port=9000", "serve --port 9000", "serve -p 9000", "serve -p=9000"])
    func valueOptionsAcceptEqualsAndSpace(line: String) throws {
        let parsed = try parse(line)
        #expect(parsed.action == .run)
        #expect(parsed.values[serveOptions.port] == 9000)
    }

    @Test func absentOptionsAndArgumentsTakeTheirDefaults() throws {
        let serve = try parse("serve").values
        #expect(serve[serveOptions.port] == 8080)
        #expect(serve[serveOptions.host] == "127.0.0.1")
        #expect(serve[serveOptions.mode] == "safe")
        #expect(serve[serveOptions.offset] == nil)
        #expect(serve[serveOptions.query].isEmpty)
        #expect(try parse("call f").values[callArguments.body] == "{}")
        #expect(try parse("emulator logs").values[logsArguments.lines] == 10)
    }

    @Test func repeatableOptionsKeepEveryValueInOrder() throws {
        let values = try parse("serve --query b=2 --query a=1 --query=c=3=x -v --query=d=").values
        #expect(values[serveOptions.query].map(\.commandLineWord) == ["b=2", "a=1", "c=3=x", "d="])
        #expect(
            values[serveOptions.query] == [
                KeyValue(key: "b", value: "2"), KeyValue(key: "a", value: "1"),
                KeyValue(key: "c", value: "3=x"), KeyValue(key: "d", value: ""),
            ])
    }

    @Test func aSingleValueOptionGivenTwiceKeepsTheLast() throws {
        #expect(try parse("serve --port 1 --port=2").values[serveOptions.port] == 2)
    }

    @Test func negativeNumbersAreValuesButOtherDashWordsAreNot() throws {
        #expect(try parse("serve --offset -5").values[serveOptions.offset] == -5)
        #expect(usageError("serve --offset -x")?.code == .missingValue)
        #expect(try parse("serve --offset=-7").values[serveOptions.offset] == -7)
        #expect(try parse("serve --host=-weird").values[serveOptions.host] == "-weird")
        #expect(try parse("call -").values[callArguments.function] == "-")
        #expect(try parse("call -3").values[callArguments.function] == "-3")
    }

    // MARK: - Positionals, `--`, nesting

    @Test func doubleDashEndsOptionParsingEvenForGlobals() throws {
        let parsed = try parser.parse(["call", "--", "--json", "-v"])
        #expect(parsed.values[callArguments.function] == "--json")
        #expect(parsed.values[callArguments.body] == "-v")
        #expect(parsed.globals.json == false)
        #expect(try parser.parse(["files", "--", "--help", "--"]).values[filesArguments.paths] == ["--help", "--"])
    }

    @Test func requiredAndOptionalArgumentsBindInOrder() throws {
        let values = try parse("call greet {\"a\":1}").values
        #expect(values[callArguments.function] == "greet")
        #expect(values[callArguments.body] == "{\"a\":1}")
        #expect(try parse("files a b c").values[filesArguments.paths] == ["a", "b", "c"])
    }

    @Test func subcommandsNestAndAGroupAloneAsksForHelp() throws {
        let start = try parse("emulator start --port 1")
        #expect(start.commandNames == ["tool", "emulator", "start"])
        #expect(start.values.commandPath == ["tool", "emulator", "start"])
        #expect(start.values[startOptions.port] == 1)
        let group = try parse("emulator")
        #expect(group.action == .help)
        #expect(group.commandNames == ["tool", "emulator"])
        #expect(try parser.parse([]).action == .help)
    }

    // MARK: - Globals

    @Test(arguments: [
        "--json serve", "serve --json", "emulator --json start", "emulator start --json",
    ])
    func jsonIsAcceptedAnywhere(line: String) throws {
        let parsed = try parse(line)
        #expect(parsed.action == .run)
        #expect(parsed.globals.json)
    }

    @Test(arguments: [
        ("--base-url http://h:1 serve", "http://h:1"),
        ("serve --base-url=https://example.com/api", "https://example.com/api"),
        ("emulator --base-url http://127.0.0.1:9 stop", "http://127.0.0.1:9"),
    ])
    func baseURLIsAcceptedAnywhere(line: String, expected: String) throws {
        #expect(try parse(line).globals.baseURL?.absoluteString == expected)
    }

    @Test func baseURLFallsBackToTheEnvironmentAndTheFlagWins() throws {
        let environment = ["SDK_BASE_URL": "http://env:1"]
        #expect(try parse("serve", environment: environment).globals.baseURL?.absoluteString == "http://env:1")
        #expect(
            try parse("serve --base-url http://flag:2", environment: environment).globals.baseURL?.absoluteString
                == "http://flag:2")
        #expect(try parse("serve").globals.baseURL == nil)
        let bad = usageError(["serve"], environment: ["SDK_BASE_URL": "ftp://x"])
        #expect(bad?.code == .invalidValue)
        #expect(bad?.message.contains("SDK_BASE_URL") == true)
        // A bad environment must not stand between the user and the help text.
        #expect(try parse("--help", environment: ["SDK_BASE_URL": "nope"]).action == .help)
    }

    @Test(arguments: ["ftp://x", "http://", "notaurl", "http:/path", "", "127.0.0.1:80"])
    func baseURLMustBeHTTPWithAHost(value: String) {
        let error = usageError(["serve", "--base-url=\(value)"])
        #expect(error?.code == .invalidValue)
    }

    // MARK: - Errors

    @Test(arguments: [
        ("call", UsageError.Code.missingArgument, "missing argument '<function>'"),
        ("files", .missingArgument, "missing argument '<paths> ...'"),
        ("login", .missingOption, "missing required option '--user <name>'"),
        ("call a b c", .unexpectedArgument, "unexpected argument 'c'"),
        ("serve extra", .unexpectedArgument, "unexpected argument 'extra'"),
        ("serve --port", .missingValue, "missing value for option '--port <port>'"),
        ("serve --port --verbose", .missingValue, "missing value for option '--port <port>'"),
        ("serve -p", .missingValue, "missing value for option '-p <port>'"),
        ("--base-url", .missingValue, "missing value for option '--base-url <url>'"),
        ("serve --verbose=yes", .unexpectedValue, "option '--verbose' takes no value, got 'yes'"),
        ("--json=1 serve", .unexpectedValue, "option '--json' takes no value, got '1'"),
        (
            "serve --port abc", .invalidValue,
            "invalid value 'abc' for option '--port': expected an integer in 1...65535"
        ),
        ("serve --port 0", .invalidValue, "invalid value '0' for option '--port': expected an integer in 1...65535"),
        ("serve -p 70000", .invalidValue, "invalid value '70000' for option '-p': expected an integer in 1...65535"),
        (
            "serve --query novalue", .invalidValue,
            "invalid value 'novalue' for option '--query': expected key=value with a non-empty key"
        ),
        ("serve --offset 1.5", .invalidValue, "invalid value '1.5' for option '--offset': expected an integer"),
        (
            "emulator logs many", .invalidValue,
            "invalid value 'many' for argument '<lines>': expected an integer in 1...1000"
        ),
        ("login --user=", .invalidValue, "invalid value '' for option '--user': expected a non-empty string"),
        ("serve --bogus", .unknownOption, "unknown option '--bogus'"),
        ("serve -x", .unknownOption, "unknown option '-x'"),
        ("serve --version", .unknownOption, "unknown option '--version'"),
        ("--port 1 serve", .unknownOption, "unknown option '--port'"),
        ("nope", .unknownCommand, "unknown command 'nope'"),
        ("emulator nope", .unknownCommand, "unknown subcommand 'nope' for 'tool emulator'"),
        ("help nope", .unknownCommand, "unknown command 'nope'"),
        ("help call extra", .unexpectedArgument, "unexpected argument 'extra'"),
    ])
    func badLinesAreUsageErrors(line: String, code: UsageError.Code, message: String) throws {
        let error = try #require(usageError(line))
        #expect(error.code == code)
        #expect(error.message == message)
    }

    @Test(arguments: [
        ("emualtor", "emulator"), ("srve", "serve"), ("emulator strat", "start"), ("--jsno", "--json"),
        ("serve --prot 1", "--port"), ("serve -json", "--json"), ("serve --mode fsat", "fast"),
        ("hlep", "help"), ("help emulatr", "emulator"), ("serve --verbos", "--verbose"),
    ])
    func typosGetTheNearestValidName(line: String, suggestion: String) throws {
        #expect(try #require(usageError(line)).suggestion == suggestion)
    }

    @Test(arguments: ["zzzzzz", "serve --zz", "emulator xyzzy", "x"])
    func farOffWordsGetNoSuggestion(line: String) throws {
        #expect(try #require(usageError(line)).suggestion == nil)
    }

    @Test func errorsRecordTheCommandWhoseHelpToRead() throws {
        #expect(usageError("emulator start --port abc")?.commandPath == ["tool", "emulator", "start"])
        #expect(usageError("nope")?.commandPath == ["tool"])
    }

    @Test func wordsFromTheLineCannotBreakTheErrorOntoTwoLines() throws {
        let error = try #require(usageError(["serve", "--port", "1\n2"]))
        #expect(
            error.textLines[0]
                == "error: invalid value '1\\u{a}2' for option '--port': expected an integer in 1...65535")
        let long = try #require(usageError([String(repeating: "z", count: 500)]))
        #expect(long.textLines[0].count < 100)
    }

    // MARK: - Help and version

    @Test(arguments: [
        ("--help", ["tool"]), ("-h", ["tool"]), ("help", ["tool"]), ("help help", ["tool"]),
        ("help emulator", ["tool", "emulator"]), ("help emulator start", ["tool", "emulator", "start"]),
        ("emulator start --help", ["tool", "emulator", "start"]), ("emulator start -h", ["tool", "emulator", "start"]),
        ("emulator --help start", ["tool", "emulator", "start"]), ("--help emulator", ["tool", "emulator"]),
        ("--help --base-url http://x emulator start", ["tool", "emulator", "start"]),
        ("serve --help --port abc --bogus", ["tool", "serve"]), ("call --help", ["tool", "call"]),
        ("help --json serve", ["tool", "serve"]),
    ])
    func helpResolvesTheCommandToDescribe(line: String, path: [String]) throws {
        let parsed = try parse(line)
        #expect(parsed.action == .help)
        #expect(parsed.commandNames == path)
    }

    @Test func versionIsARootOption() throws {
        #expect(try parse("--version").action == .version)
        #expect(try parse("--version --json").globals.json)
        #expect(usageError("serve --version")?.code == .unknownOption)
    }
}
