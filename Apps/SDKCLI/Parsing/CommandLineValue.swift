/// A type an option or argument reads as: `Int` for `--port 8080`, `KeyValue` for `--query a=1`.
///
/// Enums of strings that list their cases (`PBMethod`, `OAuthProvider`) conform with an empty
/// extension: their words are the raw values, and help lists them.
package protocol CommandLineValue: Sendable {
    /// What the parser accepts for this type unless a declaration narrows it (`.port` for an `Int`).
    static var valueType: ValueType { get }
    /// The value `word` spells, or `nil` when it spells none.
    init?(commandLineWord word: String)
    /// How the value is written on a command line; help shows a default this way.
    var commandLineWord: String { get }
}

extension String: CommandLineValue {
    package static var valueType: ValueType { .string }
    package init?(commandLineWord word: String) { self = word }
    package var commandLineWord: String { self }
}

extension Int: CommandLineValue {
    package static var valueType: ValueType { .integer }
    package init?(commandLineWord word: String) { self.init(word) }
    package var commandLineWord: String { String(self) }
}

extension KeyValue: CommandLineValue {
    package static var valueType: ValueType { .keyValue }
    package init?(commandLineWord word: String) { self.init(word) }
    package var commandLineWord: String { "\(key)=\(value)" }
}

extension CommandLineValue where Self: RawRepresentable & CaseIterable, RawValue == String {
    package static var valueType: ValueType { .oneOf(allCases.map(\.rawValue)) }
    package init?(commandLineWord word: String) { self.init(rawValue: word) }
    package var commandLineWord: String { rawValue }
}

extension ValueType {
    /// This type, also refusing words `Value` cannot read: a value that passed the parser always
    /// converts, so a typed read never meets a word it cannot use.
    func reading<Value: CommandLineValue>(_: Value.Type) -> ValueType {
        ValueType(expectation: expectation, choices: choices) { accepts($0) && Value(commandLineWord: $0) != nil }
    }
}
