/// Where a new declaration for an inline schema goes.
enum DeclarationScope {
    /// Top level, in the file of an operation (`fileKey`: its namespace, `""` for root).
    case operationFile(fileKey: String, operationID: String)
    /// Nested inside a declaration.
    case nested(Declaration)
    /// A top-level model with its own file, like a component schema.
    case model
}
