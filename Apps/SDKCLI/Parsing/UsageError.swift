/// The command line could not be understood: unknown command or option, a missing or invalid
/// value, a missing or extra argument. `sdk` exits 2 for it.
///
/// It prints as one line, `error: <message> (did you mean '<suggestion>'?)`, then a hint naming
/// the help to read; with `--json`, as `{"error":{"code":…,"message":…,"suggestion":…}}`.
/// Commands may throw it too, for rules the table cannot express (two options that conflict).
package struct UsageError: Error, Sendable, Equatable {
    /// A stable, machine-readable kind of usage error.
    package struct Code: RawRepresentable, Hashable, Sendable, Encodable {
        /// The snake_case spelling printed in JSON.
        package let rawValue: String

        /// A code from its spelling.
        package init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// A command or subcommand word matched nothing.
        package static let unknownCommand = Code(rawValue: "unknown_command")
        /// An option matched nothing valid at that point of the line.
        package static let unknownOption = Code(rawValue: "unknown_option")
        /// An option that takes a value ended the line or was followed by another option.
        package static let missingValue = Code(rawValue: "missing_value")
        /// A flag was given a value (`--json=yes`).
        package static let unexpectedValue = Code(rawValue: "unexpected_value")
        /// A value failed its type check (`--port abc`).
        package static let invalidValue = Code(rawValue: "invalid_value")
        /// A required positional argument was not given.
        package static let missingArgument = Code(rawValue: "missing_argument")
        /// A required option was not given.
        package static let missingOption = Code(rawValue: "missing_option")
        /// More positional words than the command takes.
        package static let unexpectedArgument = Code(rawValue: "unexpected_argument")
        /// Options that cannot be combined (thrown by commands).
        package static let conflictingOptions = Code(rawValue: "conflicting_options")
    }

    /// What went wrong, as a code.
    package let code: Code
    /// What went wrong, as one line of text without the `error:` prefix.
    package let message: String
    /// The nearest valid word (`demo`, `--json`) when one is close to what was typed.
    package let suggestion: String?
    /// The command whose help the hint points to, root first; filled in by the runner when empty.
    package var commandPath: [String]

    /// A usage error; `message` must be one line (words from the line go through ``quoted(_:)``).
    package init(code: Code, message: String, suggestion: String? = nil, commandPath: [String] = []) {
        self.code = code
        self.message = message
        self.suggestion = suggestion
        self.commandPath = commandPath
    }

    /// The text form: the error line, then the hint line.
    package var textLines: [String] {
        var line = "error: \(message)"
        if let suggestion { line += " (did you mean \(Self.quoted(suggestion))?)" }
        guard let root = commandPath.first else { return [line] }
        let helpCommand = ([root, "help"] + commandPath.dropFirst()).joined(separator: " ")
        return [line, "run '\(helpCommand)' for usage"]
    }

    /// `word` in single quotes, with control and line-break characters escaped and long words
    /// shortened, so a message built from arbitrary input stays one readable line.
    package static func quoted(_ word: String) -> String {
        let limit = 64
        var text = ""
        var count = 0
        for scalar in word.unicodeScalars {
            if count == limit {
                text += "..."
                break
            }
            count += 1
            switch scalar.value {
            case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029:
                text += "\\u{\(String(scalar.value, radix: 16))}"
            default:
                text.unicodeScalars.append(scalar)
            }
        }
        return "'\(text)'"
    }
}
