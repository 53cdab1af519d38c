/// One node of the command table: a leaf that runs, or a group that holds subcommands.
///
/// The whole CLI is a tree of these values; the parser, the help text and the did-you-mean
/// suggestions are all generated from it. A command declares its options and arguments once, as
/// the properties of a ``CommandParameters`` struct, and reads them back typed by property name:
///
/// ```swift
/// struct CallParameters: CommandParameters {
///     let function = Argument<String>.required("function", help: "The function to call.")
///     let method = Option.value("method", type: .oneOf(["GET", "POST"]), default: "POST", help: "HTTP method.")
///     let query = Option<[KeyValue]>.repeating("query", valueName: "key=value", help: "Query item.")
/// }
///
/// Command(name: "call", summary: "Call a backend function.", parameters: CallParameters()) { values, context in
///     try context.emit(["called": values.function], text: ["called \(values.function) with \(values.method)"])
/// }
/// ```
///
/// A group has no arguments and no options of its own (put them on its subcommands); without a
/// `run` closure, invoking the group alone prints its help. ``validationProblems()`` reports any
/// table that breaks these rules.
package struct Command: Sendable {
    /// What a command does once its line has parsed: it receives the parsed values (which the
    /// typed declarations read) and the output context (writers, `--json`, base URL, environment).
    ///
    /// Throw ``CommandFailure`` (or any error) for a runtime failure (exit 1), ``UsageError`` for
    /// input the parser could not judge (exit 2), ``ExitCode`` when the output is already written.
    package typealias Run = @Sendable (ParsedValues, OutputContext) async throws -> Void

    /// The word that selects this command on the command line.
    package let name: String
    /// One line shown in listings and at the top of the command's help.
    package let summary: String
    /// Longer help text; paragraphs are separated by blank lines, indented lines are kept as is.
    package let discussion: String
    /// Positional arguments, in order.
    package let arguments: [CommandArgument]
    /// Options this command accepts, besides the global ones.
    package let options: [CommandOption]
    /// Nested commands; non-empty makes this command a group.
    package let subcommands: [Command]
    /// The work this command does; `nil` only for a group, which then prints its help.
    package let run: Run?

    /// A leaf command whose options and arguments are the declarations of `parameters`, which `run`
    /// reads back typed: `values.port` for `let port = Option.value(...)`.
    package init<Parameters: CommandParameters>(
        name: String,
        summary: String,
        discussion: String = "",
        parameters: Parameters,
        run: @escaping @Sendable (Parsed<Parameters>, OutputContext) async throws -> Void
    ) {
        let declarations = parameters.declarations
        self.init(
            name: name, summary: summary, discussion: discussion, arguments: declarations.arguments,
            options: declarations.options
        ) { values, context in
            try await run(Parsed(parameters: parameters, parsedValues: values), context)
        }
    }

    /// A leaf command from untyped declarations; commands declare ``CommandParameters`` instead, and
    /// tests use this to build tables the typed declarations cannot (a broken one, for validation).
    package init(
        name: String,
        summary: String,
        discussion: String = "",
        arguments: [CommandArgument] = [],
        options: [CommandOption] = [],
        run: @escaping Run
    ) {
        self.name = name
        self.summary = summary
        self.discussion = discussion
        self.arguments = arguments
        self.options = options
        self.subcommands = []
        self.run = run
    }

    private init(name: String, summary: String, discussion: String, subcommands: [Command], run: Run?) {
        self.name = name
        self.summary = summary
        self.discussion = discussion
        self.arguments = []
        self.options = []
        self.subcommands = subcommands
        self.run = run
    }

    /// A group of subcommands, such as `sdk palbe`.
    ///
    /// - Parameter run: What the group does when invoked without a subcommand; `nil` (the
    ///   usual case) prints the group's help and exits 0.
    package static func group(
        name: String,
        summary: String,
        discussion: String = "",
        subcommands: [Command],
        run: Run? = nil
    ) -> Command {
        Command(name: name, summary: summary, discussion: discussion, subcommands: subcommands, run: run)
    }

    /// Whether this command holds subcommands.
    package var isGroup: Bool { !subcommands.isEmpty }

    /// The direct subcommand called `name`, if any.
    package func subcommand(named name: String) -> Command? {
        subcommands.first { $0.name == name }
    }

    /// The option whose long name is `name` (without dashes), if any.
    package func option(named name: String) -> CommandOption? {
        options.first { $0.name == name }
    }
}
