/// What a command line bound to a command's ``CommandParameters``, read by the declaring property's
/// name: `values.port` for `let port = Option.value(...)`, `values.target` for a nested group.
@dynamicMemberLookup
package struct Parsed<Parameters: CommandParameters>: Sendable {
    /// The declarations.
    package let parameters: Parameters
    /// The words the parser bound, which the declarations read.
    package let parsedValues: ParsedValues

    /// The words that selected the command, root first: `["sdk", "palbe", "call"]`.
    package var commandPath: [String] { parsedValues.commandPath }

    /// The value of the option `keyPath` declares.
    package subscript<Value>(dynamicMember keyPath: KeyPath<Parameters, Option<Value>>) -> Value {
        parsedValues[parameters[keyPath: keyPath]]
    }

    /// The value of the argument `keyPath` declares.
    package subscript<Value>(dynamicMember keyPath: KeyPath<Parameters, Argument<Value>>) -> Value {
        parsedValues[parameters[keyPath: keyPath]]
    }

    /// The values of a nested group, for code that several commands share.
    package subscript<Group: CommandParameters>(dynamicMember keyPath: KeyPath<Parameters, Group>) -> Parsed<Group> {
        Parsed<Group>(parameters: parameters[keyPath: keyPath], parsedValues: parsedValues)
    }
}
