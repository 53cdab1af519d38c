/// Passes over every declaration once all operations are read: which ones are request input,
/// and which ones contain themselves.
struct DeclarationGraph {
    /// Every declaration, top-level and nested, in a deterministic order.
    let all: [Declaration]

    init(topLevel: [Declaration]) {
        var all: [Declaration] = []
        func visit(_ declaration: Declaration) {
            all.append(declaration)
            declaration.nestedDeclarations.forEach(visit)
        }
        topLevel.forEach(visit)
        self.all = all
    }

    /// Marks every declaration reachable from a request body as input, so its optional
    /// nullable properties become `Nullable<T>?` (absent, `null` and a value are three
    /// different requests).
    func markInput(from roots: [Declaration]) {
        var queue = roots
        while let declaration = queue.popLast() {
            guard !declaration.isInput else { continue }
            declaration.isInput = true
            queue.append(contentsOf: declaration.referencedTypes.compactMap(\.declaration))
        }
    }

    /// Marks structs and unions that contain themselves through values stored inline (a
    /// property of their own type, optional or not): Swift value types cannot, so they are
    /// emitted as final classes and indirect enums. Arrays and dictionaries break a cycle.
    ///
    /// - Throws: ``CodegenError/unsupported(pointer:reason:)`` for a cycle of typealiases
    ///   (`A = [A]`), which Swift cannot declare.
    func markRecursion() throws(CodegenError) {
        var index: [ObjectIdentifier: Int] = [:]
        for (position, declaration) in all.enumerated() { index[ObjectIdentifier(declaration)] = position }
        let inline: [[Int]] = all.map { declaration in
            inlineEdges(of: declaration).compactMap { index[ObjectIdentifier($0)] }
        }
        for component in StronglyConnected.components(count: all.count, edges: inline)
        where component.count > 1 || inline[component[0]].contains(component[0]) {
            for member in component.map({ all[$0] }) {
                switch member.body {
                case .structure, .union: member.isRecursive = true
                default: break
                }
            }
        }
        // A typealias may not mention itself at any depth.
        let aliases: [[Int]] = all.map { declaration in
            guard let target = declaration.aliasTarget, let referenced = target.declaration,
                referenced.aliasTarget != nil
            else { return [] }
            return [index[ObjectIdentifier(referenced)]].compactMap { $0 }
        }
        for component in StronglyConnected.components(count: all.count, edges: aliases)
        where component.count > 1 || aliases[component[0]].contains(component[0]) {
            let first = component.map { all[$0].pointer }.min()!
            throw CodegenError.unsupported(
                pointer: first.description,
                reason:
                    "a schema that is only an array or dictionary of itself cannot be a Swift typealias; wrap it in an object"
            )
        }
    }

    private func inlineEdges(of declaration: Declaration) -> [Declaration] {
        switch declaration.body {
        case .structure(let properties): properties.compactMap(\.type.declarationStoredInline)
        case .alias(let target): [target.declarationStoredInline].compactMap { $0 }
        case .union(let union): union.cases.map(\.type)
        case .pending, .stringEnum, .errorEnum: []
        }
    }
}
