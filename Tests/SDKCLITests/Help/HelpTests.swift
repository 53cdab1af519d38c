import EmulatorTestSupport
import SDKCLI
import Testing

@Suite struct HelpTests {
    func help(
        _ names: String, root: Command = SampleTable.root, width: Int = HelpDocument.defaultWidth
    ) throws
        -> [String]
    {
        var path = [root]
        for name in CLIHarness.words(names) {
            path.append(try #require(path[path.count - 1].subcommand(named: name)))
        }
        return HelpDocument(path: path).textLines(width: width)
    }

    /// Every command of `root`, as word strings relative to it ("" for the root).
    func allCommands(of command: Command, prefix: String = "") -> [String] {
        [prefix]
            + command.subcommands.flatMap {
                allCommands(of: $0, prefix: prefix.isEmpty ? $0.name : "\(prefix) \($0.name)")
            }
    }

    @Test func aLeafCommandsHelpHasEverySectionAligned() throws {
        let expected = """
            tool serve - Start the server.

            Serves until interrupted. This paragraph is long enough that the help text has
            to wrap it over more than one line at eighty columns.

              tool serve --port 9000 --query a=1

            USAGE: tool serve [--port <port>] [--host <host>] [--verbose]
                     [--query <key=value> ...] [--mode <mode>] [--offset <offset>] [--json]
                     [--base-url <url>]

            OPTIONS:
              -p, --port <port>    Port to listen on. (default: 8080)
              --host <host>        Address to bind. (default: 127.0.0.1)
              -v, --verbose        Log every request.
              --query <key=value>  Query item to add. (repeatable)
              --mode <mode>        How to serve. (values: fast, safe) (default: safe)
              --offset <offset>    Clock offset in seconds.

            GLOBAL OPTIONS:
              --json               Print every result and error as one JSON object on
                                   stdout.
              --base-url <url>     Server to talk to (http or https); defaults to
                                   $SDK_BASE_URL, else each command's own.
              -h, --help           Show help for this command.
            """
        #expect(try help("serve") == expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
    }

    @Test func argumentsShowTheirDefaultsAndRequiredOptionsAppearUnbracketed() throws {
        let call = try help("call")
        #expect(call.contains("USAGE: tool call <function> [<body>] [--json] [--base-url <url>]"))
        #expect(call.contains("ARGUMENTS:"))
        #expect(call.contains("  <function>        Function name."))
        #expect(call.contains("  <body>            JSON body. (default: {})"))
        let login = try help("login")
        #expect(login.contains("USAGE: tool login --user <name> [--json] [--base-url <url>]"))
        #expect(login.contains("  --user <name>     Who. (required)"))
        #expect(try help("files").contains("USAGE: tool files <paths> ... [--json] [--base-url <url>]"))
    }

    @Test func theRootListsSubcommandsHelpAndVersion() throws {
        let root = try help("")
        #expect(root.first == "tool - A sample tool for parser tests.")
        #expect(root.contains("USAGE: tool <subcommand> [--json] [--base-url <url>]"))
        #expect(root.contains("  --version         Show the version."))
        #expect(root.contains("SUBCOMMANDS:"))
        #expect(root.contains("  emulator          Control the emulator."))
        #expect(root.contains("  help              Show help for a command."))
        #expect(root.last == "See 'tool help <subcommand>' for detailed help.")
    }

    @Test func aGroupListsItsSubcommandsButNotRootOnlyEntries() throws {
        let group = try help("emulator")
        #expect(group.first == "tool emulator - Control the emulator.")
        #expect(group.contains("USAGE: tool emulator <subcommand> [--json] [--base-url <url>]"))
        #expect(group.contains("  start             Start it."))
        #expect(!group.contains { $0.contains("--version") || $0.hasPrefix("  help ") })
        #expect(group.last == "See 'tool help emulator <subcommand>' for detailed help.")
        #expect(try !help("emulator start").contains { $0.hasPrefix("See ") })
    }

    @Test func theRealDemoHelpDescribesItself() throws {
        let demo = try help("demo", root: SDKCLI.root)
        #expect(demo.first == "sdk demo - Show what works in this build, one section per SDK feature.")
        #expect(demo.contains("USAGE: sdk demo [--list] [--json] [--base-url <url>]"))
        #expect(
            demo.contains { $0.hasPrefix("  --list ") && $0.hasSuffix("List the section titles without running them.") }
        )
    }

    @Test(arguments: [40, 60, 80, 100, 200])
    func everyLineFitsTheWidthForEveryCommand(width: Int) async throws {
        let limit = min(100, max(40, width))
        // Every page of both trees, rendered and scanned: on a thread of its own, off the shared pool.
        let (tooWide, trailingSpace) = try await onOwnThread { () -> ([String], [String]) in
            var tooWide: [String] = []
            var trailingSpace: [String] = []
            for root in [SampleTable.root, SDKCLI.root] {
                for command in allCommands(of: root) {
                    let lines = try help(command, root: root, width: width)
                    tooWide += lines.filter { $0.count > limit }.map { "\(root.name) \(command): \($0)" }
                    if !lines.allSatisfy({ $0 == $0.replacing(/\s+$/, with: "") }) { trailingSpace.append(command) }
                }
            }
            return (tooWide, trailingSpace)
        }
        #expect(tooWide.isEmpty)
        #expect(trailingSpace.isEmpty)
    }

    @Test func aLongLabelPutsItsDescriptionOnTheNextLine() throws {
        let root = Command.group(
            name: "t", summary: "T.",
            subcommands: [
                Command(
                    name: "x", summary: "X.",
                    options: [
                        .value("a-very-long-option-name-indeed", valueName: "placeholder", help: "Long one."),
                        .flag("q", help: "Short one."),
                    ]
                ) { _, _ in }
            ])
        let lines = try help("x", root: root)
        let index = try #require(lines.firstIndex(of: "  --a-very-long-option-name-indeed <placeholder>"))
        #expect(lines[index + 1] == String(repeating: " ", count: 30) + "Long one.")
        #expect(lines.contains("  --q" + String(repeating: " ", count: 25) + "Short one."))
    }
}
