extension Command {
    /// Every way this table breaks the parser's assumptions, one sentence each; empty when valid.
    ///
    /// The parser never traps on a bad table, but a bad table parses surprisingly (a shadowed
    /// option, an argument that can never bind), so a test asserts ``SDKCLI/root`` has none.
    /// Checked: names (non-empty, no spaces, no leading `-`, unique per scope, not `help` at the
    /// root, not a global option's name), leaves have a `run`, required arguments precede
    /// optional ones, only the last argument is variadic, and every default passes its own type.
    package func validationProblems() -> [String] {
        validationProblems(path: [])
    }

    private func validationProblems(path: [String]) -> [String] {
        let here = (path + [name]).joined(separator: " ")
        var problems: [String] = []
        if let problem = Self.problem(withWord: name) { problems.append("command '\(here)': \(problem)") }
        if summary.isEmpty || summary.contains("\n") { problems.append("command '\(here)': summary must be one line") }
        if isGroup {
            problems += duplicates(subcommands.map(\.name)).map { "group '\(here)': two subcommands named '\($0)'" }
            if path.isEmpty, subcommand(named: "help") != nil {
                problems.append("group '\(here)': 'help' is reserved at the root")
            }
            for subcommand in subcommands {
                problems += subcommand.validationProblems(path: path + [name])
            }
        } else if run == nil {
            problems.append("command '\(here)': has neither subcommands nor a run closure")
        }
        problems += optionProblems(at: here)
        problems += argumentProblems(at: here)
        return problems
    }

    private func optionProblems(at here: String) -> [String] {
        var problems: [String] = []
        for option in options {
            let label = "option '--\(option.name)' of '\(here)'"
            if let problem = Self.problem(withWord: option.name) ?? (option.name.contains("=") ? "contains '='" : nil) {
                problems.append("\(label): \(problem)")
            }
            if GlobalOptions.reservedNames.contains(option.name) {
                problems.append("\(label): the name is a global option's")
            }
            if let short = option.short, short == "h" || short == "-" || short == "=" || short.isWhitespace {
                problems.append("\(label): short name '\(short)' is reserved")
            }
            switch option.kind {
            case .flag:
                if option.defaultValue != nil || option.isRequired {
                    problems.append("\(label): a flag has no default and cannot be required")
                }
            case .value(let type), .repeating(let type):
                if let defaultValue = option.defaultValue, !type.accepts(defaultValue) {
                    problems.append("\(label): default '\(defaultValue)' is not \(type.expectation)")
                }
                if option.isRequired, option.defaultValue != nil {
                    problems.append("\(label): required with a default")
                }
            }
        }
        problems += duplicates(options.map(\.name)).map { "command '\(here)': two options named '--\($0)'" }
        problems += duplicates(options.compactMap { $0.short.map(String.init) })
            .map { "command '\(here)': two options with short name '-\($0)'" }
        return problems
    }

    private func argumentProblems(at here: String) -> [String] {
        var problems: [String] = []
        var sawOptional = false
        for (position, argument) in arguments.enumerated() {
            let label = "argument '<\(argument.name)>' of '\(here)'"
            if let problem = Self.problem(withWord: argument.name) { problems.append("\(label): \(problem)") }
            if argument.isRequired, sawOptional { problems.append("\(label): required after an optional argument") }
            if argument.isVariadic, position != arguments.count - 1 {
                problems.append("\(label): variadic but not last")
            }
            if let defaultValue = argument.defaultValue {
                if argument.isRequired { problems.append("\(label): required with a default") }
                if !argument.type.accepts(defaultValue) {
                    problems.append("\(label): default '\(defaultValue)' is not \(argument.type.expectation)")
                }
            }
            sawOptional = sawOptional || !argument.isRequired
            if option(named: argument.name) != nil {
                problems.append("\(label): shares its name with an option")
            }
        }
        problems += duplicates(arguments.map(\.name)).map { "command '\(here)': two arguments named '<\($0)>'" }
        return problems
    }

    private static func problem(withWord word: String) -> String? {
        if word.isEmpty { return "empty name" }
        if word.hasPrefix("-") { return "name starts with '-'" }
        if word.contains(where: { $0.isWhitespace || $0.isNewline }) { return "name contains whitespace" }
        return nil
    }

    private func duplicates(_ names: [String]) -> [String] {
        var seen: Set<String> = []
        var repeated: [String] = []
        for name in names where !seen.insert(name).inserted && !repeated.contains(name) {
            repeated.append(name)
        }
        return repeated
    }
}
