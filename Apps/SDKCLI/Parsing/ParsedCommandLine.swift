/// What a whole command line asked for, once parsed against the command table.
package struct ParsedCommandLine: Sendable {
    /// The three things a line can ask for.
    package enum Action: Sendable, Equatable {
        /// Run the command at the end of ``ParsedCommandLine/path``.
        case run
        /// Print the help of the command at the end of ``ParsedCommandLine/path``.
        case help
        /// Print the version.
        case version
    }

    /// What to do.
    package let action: Action
    /// The commands the line selected, root first; for `help`, the command to describe.
    package let path: [Command]
    /// The values bound to the selected command (empty for help and version).
    package let values: ParsedValues
    /// `--json` and `--base-url`.
    package let globals: GlobalOptions

    /// The selected command.
    package var command: Command { path[path.count - 1] }

    /// The selected command's words, root first: `["sdk", "demo"]`.
    package var commandNames: [String] { path.map(\.name) }
}
