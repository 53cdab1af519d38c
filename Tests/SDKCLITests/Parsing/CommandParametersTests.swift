import SDKCLI
import Testing

/// A word list a declaration reads as an enum: help lists the words, a typo gets the nearest one.
enum Mood: String, CaseIterable, CommandLineValue {
    case calm, cheerful
}

/// Options several commands would share, nested as a group.
struct Verbosity: CommandParameters {
    let loud = Option.flag("loud", help: "Shout.")
}

/// Every kind of typed declaration, for one command that prints what it read.
struct GreetParameters: CommandParameters {
    let name = Argument<String>.required("name", help: "Who to greet.")
    let greeting = Argument.optional("greeting", default: "hello", help: "What to say.")
    let times = Option.value("times", short: "t", type: .integer(in: 1...3), default: 1, help: "How often.")
    let mood = Option.value("mood", default: Mood.calm, help: "How it sounds.")
    let sender = Option<String>.required("from", type: .nonEmpty, valueName: "who", help: "Who greets.")
    let postscript = Option<String?>.value("ps", help: "A last line.")
    let tags = Option<[String]>.repeating("tag", help: "A label.")
    let verbosity = Verbosity()
    let count = Option<Int?>.value("count", type: .nonEmpty, help: "Declared looser than its Swift type.")
}

@Suite struct CommandParametersTests {
    static let greet = Command(name: "greet", summary: "Greet someone.", parameters: GreetParameters()) {
        values, context in
        let line = "\(values.greeting) \(values.name)" + (values.verbosity.loud ? "!" : "")
        let lines =
            Array(repeating: line, count: values.times)
            + ["\(values.mood.rawValue), from \(values.sender), tags \(values.tags)", values.postscript ?? "-"]
        try context.emit(["lines": lines], text: lines)
    }

    static let root = Command.group(name: "tool", summary: "Typed declarations.", subcommands: [greet])

    func run(_ line: String) async -> CLIResult {
        await CLIHarness.run(CLIHarness.words(line), root: Self.root)
    }

    @Test func aCommandReadsEachDeclarationAsItsSwiftType() async {
        let result = await run("greet ada hi -t 2 --mood cheerful --loud --from bob --tag a --tag=b --ps bye")
        #expect(result.status == 0)
        #expect(result.stdoutLines == ["hi ada!", "hi ada!", "cheerful, from bob, tags [\"a\", \"b\"]", "bye"])
        let defaults = await run("greet ada --from bob")
        #expect(defaults.stdoutLines == ["hello ada", "calm, from bob, tags []", "-"])
    }

    @Test func aMissingRequiredOptionExitsTwoWithTheUsageMessage() async throws {
        let result = await run("greet ada")
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderrLines == ["error: missing required option '--from <who>'", "run 'tool help greet' for usage"])
        let json = await run("greet ada --json")
        #expect(json.status == 2)
        let error = try #require(try json.jsonObject()["error"] as? [String: Any])
        #expect(error["code"] as? String == "missing_option")
        let missingArgument = await run("greet --from bob")
        #expect(missingArgument.status == 2)
        #expect(missingArgument.stderrLines.first == "error: missing argument '<name>'")
    }

    @Test func anEnumTakesOnlyItsWordsAndSuggestsTheNearest() throws {
        let parser = CommandLineParser(root: Self.root)
        let error = try #require(throws: UsageError.self) { try parser.parse(["greet", "ada", "--mood", "calmm"]) }
        #expect(error.message == "invalid value 'calmm' for option '--mood': expected one of calm, cheerful")
        #expect(error.suggestion == "calm")
        let values = try parser.parse(["greet", "ada", "--from", "bob", "--mood", "cheerful"]).values
        #expect(values[GreetParameters().mood] == .cheerful)
    }

    @Test func aWordTheSwiftTypeCannotReadIsRefusedNotReadAsNil() throws {
        let parser = CommandLineParser(root: Self.root)
        let error = try #require(throws: UsageError.self) {
            try parser.parse(["greet", "ada", "--from", "bob", "--count", "many"])
        }
        #expect(error.code == .invalidValue)
        let values = try parser.parse(["greet", "ada", "--from", "bob", "--count", "7"]).values
        #expect(values[GreetParameters().count] == 7)
    }

    @Test func theTableHoldsTheDeclarationsInPropertyOrderWithGroupsInPlace() {
        #expect(Self.greet.arguments.map(\.name) == ["name", "greeting"])
        #expect(Self.greet.options.map(\.name) == ["times", "mood", "from", "ps", "tag", "loud", "count"])
        #expect(Self.root.validationProblems() == [])
    }

    @Test func helpIsGeneratedFromTheDeclarations() {
        let help = HelpDocument(path: [Self.root, Self.greet])
        #expect(
            help.usage
                == "tool greet [--times <times>] [--mood <mood>] --from <who> [--ps <ps>] [--tag <tag> ...] [--loud] "
                + "[--count <count>] <name> [<greeting>] [--json] [--base-url <url>]")
        let options = Dictionary(uniqueKeysWithValues: help.options.map { ($0.label, $0.detail) })
        #expect(options["-t, --times <times>"] == "How often. (default: 1)")
        #expect(options["--mood <mood>"] == "How it sounds. (values: calm, cheerful) (default: calm)")
        #expect(options["--from <who>"] == "Who greets. (required)")
        #expect(options["--tag <tag>"] == "A label. (repeatable)")
        #expect(options["--ps <ps>"] == "A last line.")
        #expect(help.arguments.map(\.detail) == ["Who to greet.", "What to say. (default: hello)"])
        #expect(help.textLines().contains("  --from <who>         Who greets. (required)"))
    }
}
