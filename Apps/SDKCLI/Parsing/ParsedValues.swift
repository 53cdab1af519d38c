import Foundation

/// The values one command line bound to the command's options and arguments, defaults included.
///
/// Look values up by the name used in the declaration (an option's long name without dashes,
/// an argument's name). Every value already passed its ``ValueType`` check, so the typed
/// accessors only return `nil` when the value is absent (or the name was never declared).
package struct ParsedValues: Sendable, Equatable {
    /// The words that selected the command, root first: `["sdk", "palbe", "call"]`.
    package let commandPath: [String]
    private let values: [String: [String]]
    private let flags: Set<String>

    /// Values as the parser binds them; tests and nested runners may build their own.
    package init(commandPath: [String], values: [String: [String]] = [:], flags: Set<String> = []) {
        self.commandPath = commandPath
        self.values = values
        self.flags = flags
    }

    /// Whether the flag `name` was given.
    package func flag(_ name: String) -> Bool {
        flags.contains(name)
    }

    /// The value of `name`: the last one given, else its default, else `nil`.
    package func string(_ name: String) -> String? {
        values[name]?.last
    }

    /// Every value of `name` in the order given (a repeatable option or a variadic argument).
    package func strings(_ name: String) -> [String] {
        values[name] ?? []
    }

    /// The value of `name` as an integer.
    package func int(_ name: String) -> Int? {
        string(name).flatMap { Int($0) }
    }

    /// The value of `name` as a number.
    package func double(_ name: String) -> Double? {
        string(name).flatMap { Double($0) }
    }

    /// The value of `name` as an http(s) URL.
    package func url(_ name: String) -> URL? {
        string(name).flatMap(ValueType.parseHTTPURL)
    }

    /// Every value of `name` split as `key=value`, in the order given.
    package func keyValues(_ name: String) -> [KeyValue] {
        strings(name).compactMap { KeyValue($0) }
    }

    /// Whether `name` has a value (given or defaulted) or is a set flag.
    package func contains(_ name: String) -> Bool {
        values[name] != nil || flags.contains(name)
    }
}
