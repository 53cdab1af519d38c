import Foundation

/// Parses an argument array (without the program name) against a command table.
///
/// Rules, in the order they apply to each word:
/// - after `--`, every word is positional;
/// - `--name=value` and `--name value` both set a value option; a value may start with `-` only
///   when it is a negative number or given with `=`;
/// - `-x` is an option's short name (`-h` is help); `-` alone and `-5` are positional;
/// - global options (`--json`, `--base-url`, `--help`/`-h`; `--version` at the root) are valid
///   anywhere; a command's own options are valid once the command is named;
/// - a word in a group selects a subcommand; `help` at the root selects help for what follows.
///
/// Parsing never traps: every input ends in a ``ParsedCommandLine`` or a ``UsageError``.
package struct CommandLineParser: Sendable {
    /// The table's root, such as ``SDKCLI/root``.
    package let root: Command

    /// A parser for the table under `root`.
    package init(root: Command) {
        self.root = root
    }

    /// Parses `arguments`; `environment` supplies `SDK_BASE_URL` when `--base-url` is absent.
    package func parse(
        _ arguments: [String], environment: [String: String] = [:]
    ) throws(UsageError)
        -> ParsedCommandLine
    {
        var state = ParserState(root: root, arguments: arguments)
        return try state.parse(environment: environment)
    }
}

/// The mutable walk over one argument array.
private struct ParserState {
    enum HelpMode {
        case none
        /// `--help` seen: later words only pick subcommands while they match, nothing else counts.
        case flag(descending: Bool)
        /// `help` seen at the root: later positional words name the command to describe.
        case command(targets: [String])
    }

    let root: Command
    let arguments: [String]
    var index = 0
    var path: [Command]
    /// Words bound to each option and argument name; a set flag is bound to none.
    var words: [String: [String]] = [:]
    var positionals: [String] = []
    var globals = GlobalOptions()
    var helpMode = HelpMode.none
    var versionRequested = false

    init(root: Command, arguments: [String]) {
        self.root = root
        self.arguments = arguments
        self.path = [root]
    }

    var current: Command { path[path.count - 1] }

    mutating func parse(environment: [String: String]) throws(UsageError) -> ParsedCommandLine {
        var terminated = false
        while index < arguments.count {
            let token = arguments[index]
            index += 1
            if terminated {
                try positional(token)
            } else if token == "--" {
                terminated = true
            } else if token.hasPrefix("--") {
                try option(body: token.dropFirst(2), dashes: "--")
            } else if Self.isOptionLike(token) {
                try option(body: token.dropFirst(), dashes: "-")
            } else {
                try positional(token)
            }
        }
        return try finish(environment: environment)
    }

    // MARK: - Words

    /// A word starting with `-` that is neither `-` nor a negative number.
    static func isOptionLike(_ token: String) -> Bool {
        token.hasPrefix("-") && token.count > 1 && !isNegativeNumber(token)
    }

    /// Whether `token` can be the separate value of an option (`--port 80`, `--offset -5`).
    static func isValue(_ token: String) -> Bool {
        !token.hasPrefix("--") && !isOptionLike(token)
    }

    static func isNegativeNumber(_ token: String) -> Bool {
        let body = token.dropFirst()
        guard token.first == "-", body.contains(where: \.isASCIIDigit) else { return false }
        return body.allSatisfy { $0.isASCIIDigit || $0 == "." } && body.filter { $0 == "." }.count <= 1
    }

    mutating func positional(_ token: String) throws(UsageError) {
        switch helpMode {
        case .command(let targets):
            helpMode = .command(targets: targets + [token])
            return
        case .flag(let descending):
            if descending, let subcommand = current.subcommand(named: token) {
                path.append(subcommand)
            } else {
                helpMode = .flag(descending: false)
            }
            return
        case .none:
            break
        }
        guard current.isGroup else {
            positionals.append(token)
            return
        }
        if path.count == 1, token == "help" {
            helpMode = .command(targets: [])
        } else if let subcommand = current.subcommand(named: token) {
            path.append(subcommand)
        } else {
            throw unknownCommand(token, scope: path)
        }
    }

    // MARK: - Options

    mutating func option(body: Substring, dashes: String) throws(UsageError) {
        let name: String
        let inline: String?
        if let equals = body.firstIndex(of: "=") {
            name = String(body[..<equals])
            inline = String(body[body.index(after: equals)...])
        } else {
            name = String(body)
            inline = nil
        }
        let spelling = dashes + name
        let match = lookUp(name, isShort: dashes == "-")
        if case .flag = helpMode {
            // Help was asked for: skip the rest leniently, but don't mistake a value for a subcommand,
            // and still honour `--json`, which decides how the help prints.
            if inline == nil, match?.option.valueType != nil, index < arguments.count, Self.isValue(arguments[index]) {
                index += 1
            }
            if inline == nil, let match, match.isGlobal, match.option.name == GlobalOptions.jsonOption.name {
                globals.json = true
            }
            return
        }
        guard let match else {
            throw unknownOption(spelling, typed: name)
        }
        let value = try readValue(for: match.option, spelling: spelling, inline: inline)
        guard !match.isGlobal else {
            applyGlobal(match.option, value: value)
            return
        }
        if let value {
            let earlier = match.option.isRepeating ? words[match.option.name] ?? [] : []
            words[match.option.name] = earlier + [value]
        } else {
            words[match.option.name] = []  // a flag: bound, to no word
        }
    }

    mutating func applyGlobal(_ option: CommandOption, value: String?) {
        switch option.name {
        case GlobalOptions.jsonOption.name:
            globals.json = true
        case GlobalOptions.baseURLOption.name:
            globals.baseURL = value.flatMap(ValueType.parseHTTPURL)
        case GlobalOptions.helpOption.name:
            if case .none = helpMode { helpMode = .flag(descending: true) }
        default:
            versionRequested = true
        }
    }

    /// Globals first (they shadow a command's own), then the current command's options.
    func lookUp(_ name: String, isShort: Bool) -> (option: CommandOption, isGlobal: Bool)? {
        let globalOptions = GlobalOptions.declarations(atRoot: path.count == 1)
        let matches: (CommandOption) -> Bool
        if isShort {
            guard name.count == 1, let letter = name.first else { return nil }
            matches = { $0.short == letter }
        } else {
            matches = { $0.name == name }
        }
        if let global = globalOptions.first(where: matches) { return (global, true) }
        return current.options.first(where: matches).map { ($0, false) }
    }

    /// `nil` for a flag; the checked value for a value option (inline, else the next word).
    mutating func readValue(
        for option: CommandOption, spelling: String, inline: String?
    ) throws(UsageError)
        -> String?
    {
        guard let type = option.valueType else {
            if let inline {
                throw error(.unexpectedValue, "option '\(spelling)' takes no value, got \(UsageError.quoted(inline))")
            }
            return nil
        }
        let raw: String
        if let inline {
            raw = inline
        } else if index < arguments.count, Self.isValue(arguments[index]) {
            raw = arguments[index]
            index += 1
        } else {
            throw error(.missingValue, "missing value for option '\(spelling) <\(option.valueName)>'")
        }
        try check(raw, type: type, what: "option '\(spelling)'")
        return raw
    }

    func check(_ raw: String, type: ValueType, what: String) throws(UsageError) {
        guard !type.accepts(raw) else { return }
        let suggestion = type.choices.flatMap { NameSuggester.suggestion(for: raw, among: $0) }
        throw error(
            .invalidValue, "invalid value \(UsageError.quoted(raw)) for \(what): expected \(type.expectation)",
            suggestion: suggestion)
    }

    // MARK: - End of line

    mutating func finish(environment: [String: String]) throws(UsageError) -> ParsedCommandLine {
        if versionRequested {
            return ParsedCommandLine(action: .version, path: [root], values: emptyValues, globals: globals)
        }
        switch helpMode {
        case .command(let targets):
            return ParsedCommandLine(
                action: .help, path: try resolveHelpTargets(targets), values: emptyValues, globals: globals)
        case .flag:
            return ParsedCommandLine(action: .help, path: path, values: emptyValues, globals: globals)
        case .none:
            break
        }
        if current.isGroup, current.run == nil {
            return ParsedCommandLine(action: .help, path: path, values: emptyValues, globals: globals)
        }
        try bindArguments()
        try bindOptionDefaults()
        try readBaseURL(from: environment)
        let parsed = ParsedValues(commandPath: path.map(\.name), words: words)
        return ParsedCommandLine(action: .run, path: path, values: parsed, globals: globals)
    }

    var emptyValues: ParsedValues { ParsedValues(commandPath: path.map(\.name)) }

    func resolveHelpTargets(_ targets: [String]) throws(UsageError) -> [Command] {
        var resolved = [root]
        for target in targets {
            let scope = resolved[resolved.count - 1]
            if let subcommand = scope.subcommand(named: target) {
                resolved.append(subcommand)
            } else if resolved.count == 1, target == "help" {
                continue  // `sdk help help` describes the root, which lists `help`.
            } else if scope.isGroup {
                throw unknownCommand(target, scope: resolved)
            } else {
                throw error(.unexpectedArgument, "unexpected argument \(UsageError.quoted(target))")
            }
        }
        return resolved
    }

    mutating func bindArguments() throws(UsageError) {
        var remaining = positionals[...]
        for argument in current.arguments {
            let taken: [String]
            if argument.isVariadic {
                taken = Array(remaining)
                remaining = []
            } else if let next = remaining.popFirst() {
                taken = [next]
            } else {
                taken = []
            }
            if taken.isEmpty {
                if argument.isRequired { throw error(.missingArgument, "missing argument '\(argument.label)'") }
                if let defaultValue = argument.defaultValue { words[argument.name] = [defaultValue] }
                continue
            }
            for value in taken {
                try check(value, type: argument.type, what: "argument '<\(argument.name)>'")
            }
            words[argument.name] = taken
        }
        if let extra = remaining.first {
            throw error(.unexpectedArgument, "unexpected argument \(UsageError.quoted(extra))")
        }
    }

    mutating func bindOptionDefaults() throws(UsageError) {
        for option in current.options where words[option.name] == nil && option.valueType != nil {
            if option.isRequired {
                throw error(.missingOption, "missing required option '\(option.longSpelling) <\(option.valueName)>'")
            }
            if let defaultValue = option.defaultValue { words[option.name] = [defaultValue] }
        }
    }

    mutating func readBaseURL(from environment: [String: String]) throws(UsageError) {
        let key = GlobalOptions.baseURLEnvironmentKey
        guard globals.baseURL == nil, let raw = environment[key], !raw.isEmpty else { return }
        guard let url = ValueType.parseHTTPURL(raw) else {
            throw error(
                .invalidValue,
                "invalid value \(UsageError.quoted(raw)) in environment variable \(key): "
                    + "expected \(ValueType.httpURL.expectation)")
        }
        globals.baseURL = url
    }

    // MARK: - Errors

    func error(_ code: UsageError.Code, _ message: String, suggestion: String? = nil) -> UsageError {
        UsageError(code: code, message: message, suggestion: suggestion, commandPath: path.map(\.name))
    }

    func unknownCommand(_ token: String, scope: [Command]) -> UsageError {
        let group = scope[scope.count - 1]
        let candidates = group.subcommands.map(\.name) + (scope.count == 1 ? ["help"] : [])
        let message =
            scope.count == 1
            ? "unknown command \(UsageError.quoted(token))"
            : "unknown subcommand \(UsageError.quoted(token)) for '\(scope.map(\.name).joined(separator: " "))'"
        return UsageError(
            code: .unknownCommand, message: message,
            suggestion: NameSuggester.suggestion(for: token, among: candidates),
            commandPath: scope.map(\.name))
    }

    func unknownOption(_ spelling: String, typed: String) -> UsageError {
        let candidates = (GlobalOptions.declarations(atRoot: path.count == 1) + current.options).map(\.name)
        let suggestion = NameSuggester.suggestion(for: typed, among: candidates).map { "--\($0)" }
        return error(.unknownOption, "unknown option \(UsageError.quoted(spelling))", suggestion: suggestion)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isWholeNumber }
}
