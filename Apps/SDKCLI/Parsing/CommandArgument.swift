/// A positional argument of a command, such as `<function>` in `sdk palbe call <function>`: the
/// untyped declaration the parser, help and validation read. Commands declare an ``Argument``, which
/// builds one.
///
/// Arguments bind in declaration order. Required ones come first, optional ones after, and at
/// most one variadic argument comes last and takes every remaining word.
package struct CommandArgument: Sendable {
    /// The name shown as `<name>` in help and in errors.
    package let name: String
    /// What values are accepted; checked while parsing.
    package let type: ValueType
    /// Whether the line must supply it.
    package let isRequired: Bool
    /// Whether it takes every remaining positional word.
    package let isVariadic: Bool
    /// The value used when the line leaves an optional argument out.
    package let defaultValue: String?
    /// One line for the help text.
    package let help: String

    /// Declares an argument; ``Argument``'s factories build one for a typed declaration.
    package init(
        name: String,
        type: ValueType = .string,
        isRequired: Bool,
        isVariadic: Bool = false,
        defaultValue: String? = nil,
        help: String
    ) {
        self.name = name
        self.type = type
        self.isRequired = isRequired
        self.isVariadic = isVariadic
        self.defaultValue = defaultValue
        self.help = help
    }

    /// An argument the line must supply.
    package static func required(_ name: String, type: ValueType = .string, help: String) -> CommandArgument {
        CommandArgument(name: name, type: type, isRequired: true, help: help)
    }

    /// An argument the line may leave out; `default` is then bound in its place.
    package static func optional(
        _ name: String,
        type: ValueType = .string,
        default defaultValue: String? = nil,
        help: String
    ) -> CommandArgument {
        CommandArgument(name: name, type: type, isRequired: false, defaultValue: defaultValue, help: help)
    }

    /// The last argument, taking every remaining word (zero or more, or one or more if required).
    package static func variadic(
        _ name: String,
        type: ValueType = .string,
        required: Bool = false,
        help: String
    ) -> CommandArgument {
        CommandArgument(name: name, type: type, isRequired: required, isVariadic: true, help: help)
    }

    /// How the argument appears in usage lines and help: `<name>` or `<name> ...`.
    var label: String {
        isVariadic ? "<\(name)> ..." : "<\(name)>"
    }
}
