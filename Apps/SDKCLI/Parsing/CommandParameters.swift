/// A command's options and arguments, declared once as the stored properties of a struct:
///
/// ```swift
/// struct ServeParameters: CommandParameters {
///     let port = Option.value("port", short: "p", type: .port, default: 8080, help: "Port to listen on.")
///     let user = Option<String>.required("user", help: "Who serves.")
///     let verbose = Option.flag("verbose", short: "v", help: "Log every request.")
///     let target = PalbeTargetOptions()  // a group several commands share, flattened in place
/// }
/// ```
///
/// The command table, help and validation read the declarations (by reflection, in property order);
/// the command's `run` reads the values through ``Parsed`` by property name, so `values.port` is an
/// `Int`, `values.user` a `String` that is always there, and a misspelt `values.prot` does not compile.
package protocol CommandParameters: Sendable {}

/// An ``Option``, whatever its value type, as reflection finds it.
protocol DeclaredOption {
    var declaration: CommandOption { get }
}

/// An ``Argument``, whatever its value type, as reflection finds it.
protocol DeclaredArgument {
    var declaration: CommandArgument { get }
}

extension Option: DeclaredOption {}
extension Argument: DeclaredArgument {}

extension CommandParameters {
    /// Every option and argument the stored properties declare, in order, nested groups included.
    var declarations: (options: [CommandOption], arguments: [CommandArgument]) {
        var options: [CommandOption] = []
        var arguments: [CommandArgument] = []
        for child in Mirror(reflecting: self).children {
            switch child.value {
            case let option as any DeclaredOption:
                options.append(option.declaration)
            case let argument as any DeclaredArgument:
                arguments.append(argument.declaration)
            case let group as any CommandParameters:
                let nested = group.declarations
                options += nested.options
                arguments += nested.arguments
            default:
                break
            }
        }
        return (options, arguments)
    }
}
