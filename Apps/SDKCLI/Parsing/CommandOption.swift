/// A named option of a command: a flag (`--verbose`), a value (`--port 8080`, `--port=8080`), or
/// a repeatable value (`--query a=1 --query b=2`, kept in the order given). This is the untyped
/// declaration the parser, help and validation read; commands declare an ``Option``, which builds one.
///
/// A single-value option given twice keeps the last value, so shell aliases can be overridden.
package struct CommandOption: Sendable {
    /// What the option takes.
    package enum Kind: Sendable {
        /// Present or absent; never takes a value.
        case flag
        /// One value; the last occurrence wins.
        case value(ValueType)
        /// Any number of values, kept in order.
        case repeating(ValueType)
    }

    /// The long name, without the leading `--`.
    package let name: String
    /// The one-letter alias used as `-x`, if any.
    package let short: Character?
    /// Flag, value or repeating value.
    package let kind: Kind
    /// The placeholder shown in help: `--port <port>`.
    package let valueName: String
    /// The value used when the line leaves the option out (value options only).
    package let defaultValue: String?
    /// Whether the line must give the option (value options only).
    package let isRequired: Bool
    /// One line for the help text.
    package let help: String

    /// Declares an option; ``flag(_:short:help:)``, ``value(_:short:type:valueName:default:required:help:)``
    /// and ``repeating(_:short:type:valueName:help:)`` read better.
    package init(
        name: String,
        short: Character? = nil,
        kind: Kind,
        valueName: String? = nil,
        defaultValue: String? = nil,
        isRequired: Bool = false,
        help: String
    ) {
        self.name = name
        self.short = short
        self.kind = kind
        self.valueName = valueName ?? name
        self.defaultValue = defaultValue
        self.isRequired = isRequired
        self.help = help
    }

    /// A flag: `--name` sets it, nothing else does.
    package static func flag(_ name: String, short: Character? = nil, help: String) -> CommandOption {
        CommandOption(name: name, short: short, kind: .flag, help: help)
    }

    /// An option with one value, checked against `type` while parsing.
    package static func value(
        _ name: String,
        short: Character? = nil,
        type: ValueType = .string,
        valueName: String? = nil,
        default defaultValue: String? = nil,
        required: Bool = false,
        help: String
    ) -> CommandOption {
        CommandOption(
            name: name, short: short, kind: .value(type), valueName: valueName, defaultValue: defaultValue,
            isRequired: required, help: help)
    }

    /// An option that may be given several times; every value is kept, in order.
    package static func repeating(
        _ name: String,
        short: Character? = nil,
        type: ValueType = .string,
        valueName: String? = nil,
        help: String
    ) -> CommandOption {
        CommandOption(name: name, short: short, kind: .repeating(type), valueName: valueName, help: help)
    }

    /// The value type, or `nil` for a flag.
    package var valueType: ValueType? {
        switch kind {
        case .flag: nil
        case .value(let type), .repeating(let type): type
        }
    }

    /// Whether the option may be given several times.
    package var isRepeating: Bool {
        if case .repeating = kind { return true }
        return false
    }

    /// `--name`.
    var longSpelling: String { "--\(name)" }

    /// How the option appears in help: `-p, --port <port>`.
    var label: String {
        let names = short.map { "-\($0), \(longSpelling)" } ?? longSpelling
        return valueType == nil ? names : "\(names) <\(valueName)>"
    }

    /// How the option appears in a usage line: `[--port <port>]`, `[--query <key=value> ...]`.
    var usageFragment: String {
        var text = valueType == nil ? longSpelling : "\(longSpelling) <\(valueName)>"
        if isRepeating { text += " ..." }
        return isRequired ? text : "[\(text)]"
    }
}
