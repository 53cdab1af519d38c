extension SDKCLI {
    /// The whole command table: `sdk` and every subcommand group under it.
    ///
    /// Register a command group by adding one line to ``commands``; define the group itself in
    /// its own file under `Commands/` (one file per group) as an `extension Command`.
    package static let root = Command.group(
        name: "sdk",
        summary: "Exercise this package's Swift client SDKs against a local emulator.",
        discussion: """
            Each SDK has a group of subcommands. Results print as text, or as one JSON object \
            on stdout with --json; errors too. Exit status: 0 success, 1 the command failed, \
            2 the command line was wrong.
            """,
        subcommands: commands
    )

    /// The top-level commands, in the order help lists them. One line per group.
    static let commands: [Command] = [
        .demo(sections: DemoSection.registered),
        .emulator,
        .palbe,
        .chat,
        .purse,
    ]
}
