/// A typed option, declared as a stored property of a command's ``CommandParameters``:
///
/// ```swift
/// let port = Option.value("port", short: "p", type: .port, default: 8080, help: "Port to listen on.")
/// let offset = Option<Int?>.value("offset", help: "Clock offset in seconds.")
/// ```
///
/// `Value` is what the command reads: `Bool` for a flag, the value itself for an option with a default
/// or a required one, an optional for one the line may leave out, an array for a repeatable one. The
/// ``declaration`` is what the parser checks, help prints and validation judges; its value type also
/// refuses any word `Value` cannot read, so a value that parsed always converts.
package struct Option<Value: Sendable>: Sendable {
    /// The untyped declaration: name, kind, value type, default, help.
    package let declaration: CommandOption
    /// The value, from the words the parser bound to the name (`nil` when none; empty for a set flag).
    let read: @Sendable ([String]?) -> Value
}

extension Option where Value == Bool {
    /// A flag: `true` when the line gives `--name`.
    package static func flag(_ name: String, short: Character? = nil, help: String) -> Self {
        Option(declaration: .flag(name, short: short, help: help)) { $0 != nil }
    }
}

extension Option where Value: CommandLineValue {
    /// An option with one value, which reads as `default` when the line leaves it out.
    package static func value(
        _ name: String, short: Character? = nil, type: ValueType = Value.valueType, valueName: String? = nil,
        default defaultValue: Value, help: String
    ) -> Self {
        let declaration = CommandOption.value(
            name, short: short, type: type.reading(Value.self), valueName: valueName,
            default: defaultValue.commandLineWord, help: help)
        return Option(declaration: declaration) { BoundWords.last($0) ?? defaultValue }
    }

    /// An option the line must give (leaving it out is a usage error), so it reads as a plain `Value`.
    package static func required(
        _ name: String, short: Character? = nil, type: ValueType = Value.valueType, valueName: String? = nil,
        help: String
    ) -> Self {
        let declaration = CommandOption.value(
            name, short: short, type: type.reading(Value.self), valueName: valueName, required: true, help: help)
        return Option(declaration: declaration, read: BoundWords.required("--\(name)"))
    }
}

extension Option {
    /// An option with one value that the line may leave out; it then reads as `nil`.
    package static func value<Wrapped: CommandLineValue>(
        _ name: String, short: Character? = nil, type: ValueType = Wrapped.valueType, valueName: String? = nil,
        help: String
    ) -> Self where Value == Wrapped? {
        let declaration = CommandOption.value(
            name, short: short, type: type.reading(Wrapped.self), valueName: valueName, help: help)
        return Option(declaration: declaration, read: BoundWords.last)
    }

    /// An option the line may give any number of times; it reads as every value given, in order.
    package static func repeating<Element: CommandLineValue>(
        _ name: String, short: Character? = nil, type: ValueType = Element.valueType, valueName: String? = nil,
        help: String
    ) -> Self where Value == [Element] {
        let declaration = CommandOption.repeating(
            name, short: short, type: type.reading(Element.self), valueName: valueName, help: help)
        return Option(declaration: declaration, read: BoundWords.all)
    }
}

/// How the words the parser bound to a name become a typed value, for options and arguments alike.
enum BoundWords {
    /// The last word (a repeated single-value option keeps the last), or `nil` when none was bound.
    @Sendable static func last<Value: CommandLineValue>(_ words: [String]?) -> Value? {
        words?.last.flatMap(Value.init(commandLineWord:))
    }

    /// Every word, in order.
    @Sendable static func all<Element: CommandLineValue>(_ words: [String]?) -> [Element] {
        (words ?? []).compactMap(Element.init(commandLineWord:))
    }

    /// The last word of a declaration the parser refuses to run without.
    ///
    /// Only a ``ParsedValues`` of another command lacks it (the parser binds every required one, with a
    /// word its type reads), so reading it there is a programming error, not an input error.
    static func required<Value: CommandLineValue>(_ label: String) -> @Sendable ([String]?) -> Value {
        { words in
            guard let value: Value = last(words) else {
                preconditionFailure("\(label) was read from values parsed for another command")
            }
            return value
        }
    }
}
