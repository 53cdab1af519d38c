/// A typed positional argument, declared as a stored property of a command's ``CommandParameters``:
///
/// ```swift
/// let function = Argument<String>.required("function", help: "The function to call.")
/// let paths = Argument<[String]>.variadic("paths", help: "Paths to list.")
/// ```
///
/// As with ``Option``, `Value` is what the command reads: the value itself when the line must give it
/// or it has a default, an optional otherwise, an array for the variadic last argument.
package struct Argument<Value: Sendable>: Sendable {
    /// The untyped declaration: name, value type, requiredness, default, help.
    package let declaration: CommandArgument
    /// The value, from the words the parser bound to the name (`nil` when none).
    let read: @Sendable ([String]?) -> Value
}

extension Argument where Value: CommandLineValue {
    /// An argument the line must give, so it reads as a plain `Value`.
    package static func required(_ name: String, type: ValueType = Value.valueType, help: String) -> Self {
        Argument(
            declaration: .required(name, type: type.reading(Value.self), help: help),
            read: BoundWords.required("<\(name)>"))
    }

    /// An argument the line may leave out; it then reads as `default`.
    package static func optional(
        _ name: String, type: ValueType = Value.valueType, default defaultValue: Value, help: String
    ) -> Self {
        let declaration = CommandArgument.optional(
            name, type: type.reading(Value.self), default: defaultValue.commandLineWord, help: help)
        return Argument(declaration: declaration) { BoundWords.last($0) ?? defaultValue }
    }
}

extension Argument {
    /// An argument the line may leave out, with no default; it then reads as `nil`.
    package static func optional<Wrapped: CommandLineValue>(
        _ name: String, type: ValueType = Wrapped.valueType, help: String
    ) -> Self where Value == Wrapped? {
        Argument(declaration: .optional(name, type: type.reading(Wrapped.self), help: help), read: BoundWords.last)
    }

    /// The last argument, taking every remaining word (one or more when `required`).
    package static func variadic<Element: CommandLineValue>(
        _ name: String, type: ValueType = Element.valueType, required: Bool = false, help: String
    ) -> Self where Value == [Element] {
        Argument(
            declaration: .variadic(name, type: type.reading(Element.self), required: required, help: help),
            read: BoundWords.all)
    }
}
