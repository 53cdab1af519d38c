/// What a whole command line asked for, once parsed against the command table.
public struct ParsedCommandLine: Sendable {
    /// The three things a line can ask for.
    public enum Action: Sendable, Equatable {
        /// Run the command at the end of ``ParsedCommandLine/path``.
        case run
        /// Print the help of the command at the end of ``ParsedCommandLine/path``.
        case help
        /// Print the version.
        case version
    }

    /// What to do.
    public let action: Action
    /// The commands the line selected, root first; for `help`, the command to describe.
    public let path: [Command]
    /// The values bound to the selected command (empty for help and version).
    public let values: ParsedValues
    /// `--json` and `--base-url`.
    public let globals: GlobalOptions

    /// The selected command.
    public var command: Command { path[path.count - 1] }

    /// The selected command's words, root first: `["sdk", "demo"]`.
    public var commandNames: [String] { path.map(\.name) }
}
