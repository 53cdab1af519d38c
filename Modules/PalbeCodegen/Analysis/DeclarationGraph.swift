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

/// Tarjan's algorithm, iterative so a long chain of schemas cannot exhaust the stack.
enum StronglyConnected {
    static func components(count: Int, edges: [[Int]]) -> [[Int]] {
        var index = [Int](repeating: -1, count: count)
        var lowLink = [Int](repeating: 0, count: count)
        var onStack = [Bool](repeating: false, count: count)
        var stack: [Int] = []
        var result: [[Int]] = []
        var nextIndex = 0
        for start in 0..<count where index[start] < 0 {
            var work: [(node: Int, edge: Int)] = [(start, 0)]
            index[start] = nextIndex
            lowLink[start] = nextIndex
            nextIndex += 1
            stack.append(start)
            onStack[start] = true
            while let (node, edge) = work.last {
                if edge < edges[node].count {
                    work[work.count - 1].edge += 1
                    let next = edges[node][edge]
                    if index[next] < 0 {
                        index[next] = nextIndex
                        lowLink[next] = nextIndex
                        nextIndex += 1
                        stack.append(next)
                        onStack[next] = true
                        work.append((next, 0))
                    } else if onStack[next] {
                        lowLink[node] = min(lowLink[node], index[next])
                    }
                    continue
                }
                work.removeLast()
                if let parent = work.last?.node { lowLink[parent] = min(lowLink[parent], lowLink[node]) }
                if lowLink[node] == index[node] {
                    var component: [Int] = []
                    while let member = stack.popLast() {
                        onStack[member] = false
                        component.append(member)
                        if member == node { break }
                    }
                    result.append(component)
                }
            }
        }
        return result
    }
}
