/// The help of one command, generated from the command table: what `sdk help <command>` and
/// `<command> --help` print, as text or (with `--json`) as this structure.
package struct HelpDocument: Sendable, Encodable, Equatable {
    /// One row of a help section: an argument, an option or a subcommand.
    package struct Entry: Sendable, Encodable, Equatable {
        /// The left column: `<function>`, `-p, --port <port>`, `demo`.
        package let label: String
        /// The declaration's one-line help.
        package let help: String
        /// The default value, when there is one.
        package let defaultValue: String?
        /// The accepted words, when the value is a closed set.
        package let choices: [String]?
        /// Whether the line must give it.
        package let isRequired: Bool
        /// Whether it may be given several times (repeatable option, variadic argument).
        package let isRepeating: Bool

        enum CodingKeys: String, CodingKey {
            case label, help, choices
            case defaultValue = "default"
            case isRequired = "required"
            case isRepeating = "repeating"
        }

        /// The right column: the help, then choices, repeatability, requiredness and default.
        package var detail: String {
            var parts = [help]
            if let choices { parts.append("(values: \(choices.joined(separator: ", ")))") }
            if isRepeating { parts.append("(repeatable)") }
            if isRequired, !label.hasPrefix("<") { parts.append("(required)") }
            if let defaultValue { parts.append("(default: \(defaultValue.isEmpty ? "\"\"" : defaultValue))") }
            return parts.filter { !$0.isEmpty }.joined(separator: " ")
        }
    }

    /// The command's words: `sdk palbe call`.
    package let command: String
    /// The command's one-line summary.
    package let summary: String
    /// The command's longer help, as declared.
    package let discussion: String
    /// The usage line, without the `USAGE: ` prefix.
    package let usage: String
    /// Positional arguments.
    package let arguments: [Entry]
    /// The command's own options.
    package let options: [Entry]
    /// Options valid everywhere.
    package let globalOptions: [Entry]
    /// Subcommands (plus `help` at the root).
    package let subcommands: [Entry]

    /// The help of the last command in `path` (root first, non-empty).
    package init(path: [Command]) {
        let command = path.last ?? SDKCLI.root
        let words = path.map(\.name).joined(separator: " ")
        self.command = words
        summary = command.summary
        discussion = command.discussion
        arguments = command.arguments.map(Entry.init)
        options = command.options.map(Entry.init)
        let globals = GlobalOptions.declarations(atRoot: path.count <= 1)
        globalOptions = globals.map(Entry.init)
        var subcommands = command.subcommands.map {
            Entry(
                label: $0.name, help: $0.summary, defaultValue: nil, choices: nil, isRequired: false, isRepeating: false
            )
        }
        if path.count <= 1, command.isGroup {
            subcommands.append(
                Entry(
                    label: "help", help: "Show help for a command.", defaultValue: nil, choices: nil, isRequired: false,
                    isRepeating: false))
        }
        self.subcommands = subcommands

        var usage = [words]
        if command.isGroup {
            usage.append(command.run == nil ? "<subcommand>" : "[<subcommand>]")
        }
        usage += command.options.map(\.usageFragment)
        usage += command.arguments.map { $0.isRequired ? $0.label : "[\($0.label)]" }
        usage += globals.filter { $0.name == "json" || $0.name == "base-url" }.map(\.usageFragment)
        self.usage = usage.joined(separator: " ")
        usageTokens = usage
    }

    /// The usage line's parts, kept whole when the line wraps.
    let usageTokens: [String]

    enum CodingKeys: String, CodingKey {
        case command, summary, discussion, usage, arguments, options, globalOptions, subcommands
    }
}

extension HelpDocument.Entry {
    init(_ argument: CommandArgument) {
        self.init(
            label: argument.label, help: argument.help, defaultValue: argument.defaultValue,
            choices: argument.type.choices, isRequired: argument.isRequired, isRepeating: argument.isVariadic)
    }

    init(_ option: CommandOption) {
        self.init(
            label: option.label, help: option.help, defaultValue: option.defaultValue,
            choices: option.valueType?.choices, isRequired: option.isRequired, isRepeating: option.isRepeating)
    }
}
