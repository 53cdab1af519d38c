extension SpecAnalyzer {
    /// Runs the passes that need the whole spec (input marking, recursion, naming, collision
    /// checks) and sorts the result.
    mutating func finish() throws(CodegenError) -> AnalyzedSpec {
        let models = (mapper.components.values.sorted { $0.pointer < $1.pointer }) + mapper.looseModels
        let graph = DeclarationGraph(topLevel: models + mapper.operationDeclarations)
        graph.markInput(from: operations.compactMap(\.input?.declaration))
        try graph.markRecursion()
        let namePass = NamePass(graph: graph)
        try namePass.nameMembers()
        try nameOperationArguments(namePass)
        try checkMethodNames()
        try checkTopLevelNames(models: models)
        try checkShadowing(graph)

        var reservedComments: [String] = []
        for namespace in reservedHits.keys.sorted() {
            reservedComments.append("// codegen: skipped reserved namespace \"\(namespace)\" (SDK-owned)")
            let ids = reservedHits[namespace]!.sorted().joined(separator: ", ")
            mapper.warn(
                CodegenWarning(
                    pointer: "/paths", message: "skipped reserved namespace \"\(namespace)\" (SDK-owned): \(ids)"))
        }
        var byNamespace: [String: [OperationModel]] = [:]
        for operation in operations { byNamespace[operation.namespace ?? "", default: []].append(operation) }
        var skippedByNamespace: [String: [String]] = [:]
        for skip in skipped { skippedByNamespace[skip.namespace ?? "", default: []].append(skip.comment) }
        let namespaceNames = Set(byNamespace.keys).union(skippedByNamespace.keys).subtracting([""]).sorted()
        let namespaces = namespaceNames.map { name in
            AnalyzedSpec.Namespace(
                property: name, typeName: Self.namespaceTypeName(name),
                operations: (byNamespace[name] ?? []).sorted { $0.methodName < $1.methodName },
                skippedComments: (skippedByNamespace[name] ?? []).sorted())
        }
        var operationDeclarations: [String: [Declaration]] = [:]
        for declaration in mapper.operationDeclarations {
            operationDeclarations[declaration.fileKey ?? "", default: []].append(declaration)
        }
        return AnalyzedSpec(
            namespaces: namespaces,
            rootOperations: (byNamespace[""] ?? []).sorted { $0.methodName < $1.methodName },
            rootSkippedComments: (skippedByNamespace[""] ?? []).sorted(),
            reservedComments: reservedComments,
            models: models.sorted { $0.name < $1.name },
            operationDeclarations: operationDeclarations.mapValues { $0.sorted { $0.name < $1.name } },
            warnings: mapper.warnings.sorted { ($0.pointer, $0.message) < ($1.pointer, $1.message) })
    }

    static func namespaceTypeName(_ property: String) -> String {
        Identifier.upperCamel(property) + "Namespace"
    }

    /// Path parameters become argument labels: lowerCamelCased, unique, and distinct from
    /// the fixed `input`/`query:`/`headers:` arguments.
    private mutating func nameOperationArguments(_ namePass: NamePass) throws(CodegenError) {
        for index in operations.indices {
            var seen: [String: JSONPointer] = [:]
            var path = operations[index].path
            for partIndex in path.indices {
                guard case .parameter(var parameter) = path[partIndex] else { continue }
                parameter.name = namePass.valueName(Identifier.lowerCamel(parameter.wireName), fallback: "parameter")
                let reserved =
                    ReservedNames.methodArguments.contains(parameter.name)
                    || (operations[index].upload != nil && ReservedNames.uploadArguments.contains(parameter.name))
                let clash = reserved ? operations[index].pointer : nil
                if let previous = seen[parameter.name] ?? clash {
                    throw CodegenError.duplicateName(
                        name: "argument \(parameter.name) of \(operations[index].id)",
                        pointers: [previous.description, parameter.pointer.description])
                }
                seen[parameter.name] = parameter.pointer
                path[partIndex] = .parameter(parameter)
            }
            operations[index].path = path
        }
    }

    /// Methods are unique within a namespace; on `Palbe` itself, root methods and namespace
    /// properties share one scope.
    private func checkMethodNames() throws(CodegenError) {
        var seen: [String: JSONPointer] = [:]
        for operation in operations {
            let key = (operation.namespace ?? "") + "." + operation.methodName
            if let previous = seen[key] {
                throw CodegenError.duplicateName(
                    name: "method \(operation.namespace.map { $0 + "." } ?? "")\(operation.methodName)",
                    pointers: [previous.description, operation.pointer.description])
            }
            seen[key] = operation.pointer
        }
        for operation in operations where operation.namespace == nil {
            if let other = operations.first(where: { $0.namespace == operation.methodName }) {
                throw CodegenError.duplicateName(
                    name: "pb.\(operation.methodName)",
                    pointers: [operation.pointer.description, other.pointer.description])
            }
        }
    }

    /// Every top-level type name is unique, and so is every file name on a case-insensitive
    /// file system (models are files named after their type).
    private func checkTopLevelNames(models: [Declaration]) throws(CodegenError) {
        var entries: [(String, JSONPointer)] = models.map { ($0.name, $0.pointer) }
        entries += mapper.operationDeclarations.map { ($0.name, $0.pointer) }
        entries += operations.map { ($0.endpointName, $0.pointer) }
        var namespaces: [String: JSONPointer] = [:]
        for operation in operations {
            guard let namespace = operation.namespace, namespaces[namespace] == nil else { continue }
            namespaces[namespace] = operation.pointer
        }
        entries += namespaces.sorted { $0.key < $1.key }.map { (Self.namespaceTypeName($0.key), $0.value) }
        var seen: [String: JSONPointer] = [:]
        var files: [String: (String, JSONPointer)] = [:]
        for (name, pointer) in entries {
            if let previous = seen[name] {
                throw CodegenError.duplicateName(name: name, pointers: [previous.description, pointer.description])
            }
            seen[name] = pointer
            if let (other, previous) = files[name.lowercased()] {
                throw CodegenError.duplicateName(
                    name: "\(other).swift and \(name).swift (the same file on a case-insensitive file system)",
                    pointers: [previous.description, pointer.description])
            }
            files[name.lowercased()] = (name, pointer)
        }
    }

    /// A nested type named like a top-level one hides it inside its parent; reject that when
    /// the parent actually refers to the top-level type.
    private func checkShadowing(_ graph: DeclarationGraph) throws(CodegenError) {
        let topLevel = Set(graph.all.filter { $0.role != .nested }.map(\.name))
        for declaration in graph.all where declaration.role == .nested && topLevel.contains(declaration.name) {
            guard let parent = declaration.parent else { continue }
            var scope: [Declaration] = [parent]
            var referencesTopLevel = false
            while let current = scope.popLast() {
                scope.append(contentsOf: current.nestedDeclarations)
                for type in current.referencedTypes {
                    if let target = type.declaration, target.role != .nested, target.name == declaration.name {
                        referencesTopLevel = true
                    }
                }
            }
            if referencesTopLevel {
                throw CodegenError.duplicateName(
                    name:
                        "\(parent.name).\(declaration.name) (hides the top-level \(declaration.name) inside \(parent.name))",
                    pointers: [declaration.pointer.description])
            }
        }
    }
}
