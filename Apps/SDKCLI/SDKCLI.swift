import SDKCrypto

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `sdk` command-line tool as a library, so tests drive it without spawning processes.
///
/// `sdk` exercises the Swift client SDKs of this package against a local emulator. Its commands
/// live in one table (``root``, assembled in `Commands/CommandTable.swift`); parsing, help text and
/// suggestions are generated from it.
///
/// Exit codes: 0 success (help and version included), 1 a command failed at run time, 2 the
/// command line was wrong.
package enum SDKCLI {
    /// The version `sdk --version` prints.
    package static let version = "0.1.0"

    /// Runs one command line and returns the exit status; never traps, whatever the input.
    ///
    /// - Parameters:
    ///   - arguments: The words after the program name.
    ///   - context: Where output goes and which environment to read; the runner sets its
    ///     `isJSON`, `baseURL` and `commandPath` from the parsed line.
    ///   - root: The command table; tests pass their own.
    package static func main(
        _ arguments: [String],
        _ context: OutputContext = .standard(),
        root: Command = SDKCLI.root
    ) async -> Int32 {
        var context = context
        context.isJSON = GlobalOptions.requestsJSON(arguments)
        context.commandPath = [root.name]
        let parsed: ParsedCommandLine
        do {
            parsed = try CommandLineParser(root: root).parse(arguments, environment: context.environment)
        } catch {
            return context.report(error)
        }
        context.isJSON = parsed.globals.json
        context.baseURL = parsed.globals.baseURL
        context.commandPath = parsed.commandNames
        do {
            switch parsed.action {
            case .version:
                try context.emit(["name": root.name, "version": version], text: ["\(root.name) \(version)"])
            case .help:
                let help = HelpDocument(path: parsed.path)
                try context.emit(["help": help], text: help.textLines())
            case .run:
                guard let run = parsed.command.run else {
                    // The parser only asks to run a command that has a run closure.
                    throw CommandFailure(
                        code: "internal", message: "'\(parsed.commandNames.joined(separator: " "))' cannot run")
                }
                do {
                    try await run(parsed.values, context)
                } catch {
                    await context.atExit.run()
                    throw error
                }
                await context.atExit.run()
            }
            return 0
        } catch {
            return context.report(error)
        }
    }

    /// The process entry point: runs `CommandLine.arguments` with the real streams and exits.
    package static func runFromCommandLine() async -> Never {
        // Before anything touches OpenSSL: this process exits while background tasks may be in libcrypto.
        CryptoProcess.keepCryptoStateAtExit()
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let status = PalbeSessionWriterMode.runIfRequested(arguments) { exit(status) }
        if let status = await PalbeRefreshStormMode.runIfRequested(arguments) { exit(status) }
        let status = await main(arguments)
        exit(status)
    }
}
