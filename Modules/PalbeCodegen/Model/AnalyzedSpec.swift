/// Everything the emitters print, sorted so output does not depend on the order of the spec.
struct AnalyzedSpec {
    /// A `pb` namespace and its operations.
    struct Namespace {
        /// The `pb` property (`todos`).
        let property: String
        /// The struct behind it (`TodosNamespace`).
        let typeName: String
        let operations: [OperationModel]
        let skippedComments: [String]
    }

    let namespaces: [Namespace]
    /// Operations without a dot in their id: methods directly on `Palbe`.
    let rootOperations: [OperationModel]
    let rootSkippedComments: [String]
    /// `// codegen: skipped reserved namespace "<ns>" (SDK-owned)`, one per namespace met.
    let reservedComments: [String]
    /// Top-level models, each in its own file: component schemas and the inline schemas of
    /// typealias components.
    let models: [Declaration]
    /// Top-level per-operation declarations (inputs, responses, queries, headers, error enums),
    /// by the file key of their operation.
    let operationDeclarations: [String: [Declaration]]
    let warnings: [CodegenWarning]
}
