/// The words one command line bound to the command's options and arguments, defaults included.
///
/// Read them through the typed declarations, never by name: `values[option]`, or by property name
/// through ``Parsed``. Every word already passed its declaration's check, so it converts.
package struct ParsedValues: Sendable, Equatable {
    /// The words that selected the command, root first: `["sdk", "palbe", "call"]`.
    package let commandPath: [String]
    /// The words bound to each declared name, in the order given; a set flag is bound to none.
    let words: [String: [String]]

    /// Values as the parser binds them.
    init(commandPath: [String], words: [String: [String]] = [:]) {
        self.commandPath = commandPath
        self.words = words
    }

    /// What `option` reads as on this line.
    package subscript<Value>(_ option: Option<Value>) -> Value {
        option.read(words[option.declaration.name])
    }

    /// What `argument` reads as on this line.
    package subscript<Value>(_ argument: Argument<Value>) -> Value {
        argument.read(words[argument.declaration.name])
    }
}
