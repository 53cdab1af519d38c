/// Lays the analyzed spec out in files: one per namespace, one per model, and
/// `Palbe+Operations.swift` for methods directly on `Palbe` and the reserved-namespace notes
/// (or everything in `PalbeGenerated.swift` with ``CodegenOptions/singleFile``).
///
/// Every file starts with the same header line, which is how ``GeneratedOutput/write(to:)``
/// recognises files it owns. Sections are sorted by name, so the bytes depend only on the
/// spec and the options.
struct FileAssembler {
    static let rootFileName = "Palbe+Operations.swift"
    static let singleFileName = "PalbeGenerated.swift"

    let spec: AnalyzedSpec
    let header: String
    let imports: [String]
    /// Imported by files that spell `AnyCodableValue` or `Nullable`.
    let valueTypesModule: String?

    func files(singleFile: Bool) -> [GeneratedFile] {
        var sections: [(name: String, writer: SwiftWriter)] = []
        sections.append((Self.rootFileName, rootSection()))
        for namespace in spec.namespaces {
            sections.append((namespace.typeName + ".swift", namespaceSection(namespace)))
        }
        for model in spec.models {
            var writer = SwiftWriter()
            DeclarationEmitter.emit(model, into: &writer)
            sections.append((model.name + ".swift", writer))
        }
        if singleFile {
            var combined = SwiftWriter()
            var text = ""
            for section in sections where !section.writer.text.isEmpty {
                text += (text.isEmpty ? "" : "\n") + section.writer.text
                combined.usesFoundation = combined.usesFoundation || section.writer.usesFoundation
                combined.usesValueTypes = combined.usesValueTypes || section.writer.usesValueTypes
            }
            return [GeneratedFile(name: Self.singleFileName, contents: fileText(text, usage: combined))]
        }
        return sections.map {
            GeneratedFile(name: $0.name, contents: fileText($0.writer.text, usage: $0.writer))
        }
        .sorted { $0.name < $1.name }
    }

    /// The header, the imports the body needs (sorted), then the body.
    private func fileText(_ body: String, usage: SwiftWriter) -> String {
        var importLines = Set(imports)
        if usage.usesFoundation { importLines.insert("Foundation") }
        if usage.usesValueTypes, let valueTypesModule { importLines.insert(valueTypesModule) }
        var text = header + "\n\n"
        text += importLines.sorted().map { "import \($0)\n" }.joined()
        var trimmed = body
        while trimmed.hasSuffix("\n") { trimmed.removeLast() }
        if !trimmed.isEmpty { text += "\n" + trimmed + "\n" }
        return text
    }

    /// Reserved-namespace notes, then the methods directly on `Palbe` and their types.
    private func rootSection() -> SwiftWriter {
        var writer = SwiftWriter()
        for comment in spec.reservedComments + spec.rootSkippedComments {
            writer.comment(comment)
        }
        writer.blank()
        if !spec.rootOperations.isEmpty {
            writer.block("nonisolated extension PalbeClient") { body in
                for (index, operation) in spec.rootOperations.enumerated() {
                    if index > 0 { body.blank() }
                    OperationEmitter.emitMethod(operation, onNamespace: false, into: &body)
                }
            }
            emitTypes(of: spec.rootOperations, fileKey: "", into: &writer)
        }
        return writer
    }

    /// `pb.<namespace>`, the namespace struct with one method per operation, then each
    /// operation's types.
    private func namespaceSection(_ namespace: AnalyzedSpec.Namespace) -> SwiftWriter {
        var writer = SwiftWriter()
        for comment in namespace.skippedComments { writer.comment(comment) }
        writer.blank()
        guard !namespace.operations.isEmpty else { return writer }
        writer.block("nonisolated extension PalbeClient") { body in
            body.line("/// The `\(namespace.property)` operations of your backend.")
            body.line(
                "public var \(Identifier.escaped(namespace.property)): \(namespace.typeName) { \(namespace.typeName)(client: self) }"
            )
        }
        writer.blank()
        writer.line(
            "/// The `\(namespace.property)` operations of your backend, one method per endpoint: `pb.\(namespace.property)`."
        )
        writer.block("public nonisolated struct \(namespace.typeName): Sendable") { body in
            body.line("let client: PalbeClient")
            for operation in namespace.operations {
                body.blank()
                OperationEmitter.emitMethod(operation, onNamespace: true, into: &body)
            }
        }
        emitTypes(of: namespace.operations, fileKey: namespace.property, into: &writer)
        return writer
    }

    private func emitTypes(of operations: [OperationModel], fileKey: String, into writer: inout SwiftWriter) {
        let declarations = spec.operationDeclarations[fileKey] ?? []
        for operation in operations {
            writer.blank()
            writer.line("// MARK: - \(operation.id)")
            for declaration in declarations where declaration.operationID == operation.id {
                writer.blank()
                DeclarationEmitter.emit(declaration, into: &writer)
            }
            writer.blank()
            OperationEmitter.emitEndpoint(operation, into: &writer)
        }
    }
}
