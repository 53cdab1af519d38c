import ErrorCore
import Foundation
import SDKCLI
import Testing

@Suite struct MainTests {
    func run(_ line: String, environment: [String: String] = [:]) async -> CLIResult {
        await CLIHarness.run(CLIHarness.words(line), root: SampleTable.root, environment: environment)
    }

    @Test(arguments: [false, true])
    func workLeftForTheEndRunsAfterTheCommandWhetherItSucceedsOrNot(fails: Bool) async {
        let log = Locked<[String]>([])
        let root = Command.group(
            name: "tool", summary: "Test root.",
            subcommands: [
                Command(
                    name: "go", summary: "Leave work for the end.",
                    run: { _, context in
                        context.atExit.add { log.withLock { $0.append("exit work") } }
                        log.withLock { $0.append("command") }
                        if fails { throw CommandFailure(code: "boom", message: "it failed") }
                    })
            ])
        let result = await CLIHarness.run(["go"], root: root)
        #expect(result.status == (fails ? 1 : 0))
        #expect(log.withLock { $0 } == ["command", "exit work"])
    }

    @Test func versionPrintsTheNameAndTheOneVersionConstant() async throws {
        let result = await CLIHarness.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout == "sdk \(SDKCLI.version)\n")
        #expect(SDKCLI.version == "0.1.0")
        #expect(result.stderr.isEmpty)
        let json = try await CLIHarness.run(["--json", "--version"]).jsonObject()
        #expect(json["version"] as? String == SDKCLI.version)
        #expect(json["name"] as? String == "sdk")
    }

    @Test(arguments: ["", "--help", "-h", "help", "demo --help", "help demo"])
    func helpExitsZeroOnStdout(line: String) async {
        let result = await CLIHarness.run(CLIHarness.words(line))
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("sdk"))
        #expect(result.stdout.contains("USAGE: sdk"))
        #expect(result.stderr.isEmpty)
    }

    @Test func aUsageErrorIsOneLinePlusAHintOnStderrAndExitsTwo() async {
        let result = await CLIHarness.run(["dmeo"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderrLines == [
                "error: unknown command 'dmeo' (did you mean 'demo'?)", "run 'sdk help' for usage",
            ])
    }

    @Test func theHintPointsAtTheCommandBeingParsed() async {
        let result = await run("emulator start --port abc")
        #expect(result.status == 2)
        #expect(result.stderrLines.last == "run 'tool help emulator start' for usage")
    }

    @Test func jsonUsageErrorsAreOneObjectOnStdout() async {
        let result = await CLIHarness.run(["dmeo", "--json"])
        #expect(result.status == 2)
        #expect(result.stderr.isEmpty)
        #expect(
            result.stdout
                == #"{"error":{"code":"unknown_command","message":"unknown command 'dmeo'","suggestion":"demo"}}"#
                + "\n")
        let typo = await CLIHarness.run(["--json", "demo", "--jsno"])
        #expect(
            typo.stdout
                == #"{"error":{"code":"unknown_option","message":"unknown option '--jsno'","suggestion":"--json"}}"#
                + "\n")
    }

    @Test func jsonAppliesEvenWhenTheErrorComesBeforeTheFlag() async throws {
        let result = await run("serve --port abc --json")
        #expect(result.status == 2)
        let error = try #require(try result.jsonObject()["error"] as? [String: Any])
        #expect(error["code"] as? String == "invalid_value")
        #expect(error["suggestion"] == nil)
    }

    @Test func jsonAfterDoubleDashIsAnArgumentNotTheFlag() async {
        let result = await run("call -- --json")
        #expect(result.status == 0)
        #expect(result.stdout == "ran tool call\n")
    }

    @Test func successExitsZeroAndPrintsTheResult() async throws {
        #expect(await run("serve").stdout == "ran tool serve\n")
        let json = await run("serve --json")
        #expect(json.status == 0)
        #expect(try json.jsonObject()["ran"] as? String == "tool serve")
    }

    @Test func aRuntimeFailureExitsOne() async throws {
        let text = await run("fail")
        #expect(text.status == 1)
        #expect(text.stderrLines == ["error: it broke"])
        #expect(text.stdout.isEmpty)
        let json = await run("fail --json")
        #expect(json.status == 1)
        #expect(json.stdout == #"{"error":{"code":"boom","message":"it broke"}}"# + "\n")
    }

    @Test func aPlainErrorIsReportedOnOneLine() async {
        let result = await run("crash")
        #expect(result.status == 1)
        #expect(result.stderrLines == ["error: first line second line"])
    }

    @Test func anSDKErrorReportsItsSafeFields() async throws {
        let result = await run("sdk-failure --json")
        #expect(result.status == 1)
        let error = try #require(try result.jsonObject()["error"] as? [String: Any])
        #expect(error["code"] as? String == "todo_locked")
        #expect(error["sdk"] as? String == "palbe")
        #expect(error["status"] as? Int == 409)
        #expect(error["requestId"] as? String == "req-1")
        #expect(error["message"] as? String == "sdk=palbe code=todo_locked status=409 request=req-1")
    }

    @Test func aUsageErrorThrownByACommandExitsTwoWithItsHint() async {
        let result = await run("usage")
        #expect(result.status == 2)
        #expect(result.stderrLines == ["error: --a and --b conflict", "run 'tool help usage' for usage"])
    }

    @Test func exitCodeEndsTheCommandWithoutMoreOutput() async {
        let result = await run("quiet-exit")
        #expect(result.status == 3)
        #expect(result.stdout == "partial\n")
        #expect(result.stderr.isEmpty)
    }

    @Test func commandsReceiveTheParsedGlobalsAndTheEnvironment() async throws {
        let result = await run(
            "echo --env TOKEN_KEY --base-url http://127.0.0.1:1234 --json", environment: ["TOKEN_KEY": "v"])
        let json = try result.jsonObject()
        #expect(json["path"] as? [String] == ["tool", "echo"])
        #expect(json["json"] as? Bool == true)
        #expect(json["baseURL"] as? String == "http://127.0.0.1:1234")
        #expect(json["env"] as? String == "v")
        let text = await run("echo", environment: ["SDK_BASE_URL": "https://env.example"])
        #expect(text.stdoutLines == ["path=tool echo", "base=https://env.example"])
    }

    @Test(arguments: ["serve --help --json", "--json serve -h", "help --json serve"])
    func jsonIsHonouredWhereverHelpIsAskedFor(line: String) async throws {
        let result = await run(line)
        #expect(result.status == 0)
        let help = try #require(try result.jsonObject()["help"] as? [String: Any])
        #expect(help["command"] as? String == "tool serve")
    }

    @Test func jsonHelpIsAStructuredObject() async throws {
        let result = await run("help serve --json")
        #expect(result.status == 0)
        let help = try #require(try result.jsonObject()["help"] as? [String: Any])
        #expect(help["command"] as? String == "tool serve")
        let options = try #require(help["options"] as? [[String: Any]])
        #expect(options.first?["label"] as? String == "-p, --port <port>")
        #expect(options.first?["default"] as? String == "8080")
    }
}
