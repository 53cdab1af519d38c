/// Something the generator mapped with a documented fallback rather than exactly, such as a
/// `oneOf` without a discriminator generated as `AnyCodableValue`, or an operation it skipped.
///
/// The generated code still compiles; the warning says what was lost and where. Set
/// ``CodegenOptions/warningsAsErrors`` to fail instead.
public struct CodegenWarning: Sendable, Equatable, CustomStringConvertible {
    /// The JSON pointer of the node concerned (`/components/schemas/Pet`), `""` for the whole
    /// document.
    public let pointer: String
    /// What happened and what the generated code does instead.
    public let message: String

    /// A warning about the node at `pointer`.
    public init(pointer: String, message: String) {
        self.pointer = pointer
        self.message = message
    }

    /// `#<pointer>: <message>`.
    public var description: String {
        "#\(pointer): \(message)"
    }
}
