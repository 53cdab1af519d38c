import ErrorCore

/// The whole spec: its root node, `$ref` resolution, and the work budget every pass spends from.
struct SpecDocument {
    let root: SpecNode
    /// The `openapi` version string (`3.0.3`, `3.1.0`, `3.2.0`).
    let version: String
    /// The steps generation may still take; see ``WorkBudget``.
    let budget: WorkBudget
    /// Where each `$ref` met so far finally leads, by the pointer of the node holding it.
    private let resolutions = ResolutionCache()

    /// Parses `data` and checks that it is an OpenAPI 3.0, 3.1 or 3.2 document.
    init(data: [UInt8], workLimit: Int) throws(CodegenError) {
        let value = try JSONParser.parse(data)
        root = SpecNode(value: value, pointer: .root)
        budget = WorkBudget(limit: workLimit)
        guard root.isObject else { throw CodegenError.unsupportedVersion(found: "a JSON \(value.kindName)") }
        if let swagger = root["swagger"] {
            throw CodegenError.unsupportedVersion(
                found: "swagger \(swagger.value.stringValue ?? swagger.value.kindName)")
        }
        guard let version = try root.string("openapi") else {
            throw CodegenError.unsupportedVersion(found: "no \"openapi\" field")
        }
        guard ["3.0", "3.1", "3.2"].contains(where: { version == $0 || version.hasPrefix($0 + ".") }) else {
            throw CodegenError.unsupportedVersion(found: "openapi \(version)")
        }
        self.version = version
    }

    /// Whether the document uses 3.0 semantics (`nullable: true` rather than `type: [.., "null"]`).
    var isVersion30: Bool { version.hasPrefix("3.0") }

    /// The node at `pointer`, `nil` when nothing is there.
    func node(at pointer: JSONPointer) -> SpecNode? {
        var current = root
        for token in pointer.tokens {
            switch current.value {
            case .object(let object):
                guard let next = object[token] else { return nil }
                current = SpecNode(value: next, pointer: current.pointer.appending(token))
            case .array(let array):
                guard let index = Int(token), array.indices.contains(index) else { return nil }
                current = SpecNode(value: array[index], pointer: current.pointer.appending(token))
            default:
                return nil
            }
        }
        return current
    }

    /// Follows `node`'s `$ref` chain to the node it finally names; a node without `$ref`
    /// resolves to itself. Other keys beside `$ref` are ignored, as OpenAPI 3.0 says.
    ///
    /// Each chain is walked once: every node on it remembers where it leads, so resolving all the
    /// aliases of a long chain is linear in its length, not quadratic.
    func resolve(_ node: SpecNode) throws(CodegenError) -> SpecNode {
        guard node["$ref"] != nil else { return node }
        if let known = resolutions.targets[node.pointer] { return known }
        var current = node
        // The chain in order for the message, and as a set for the loop check.
        var chain: [String] = []
        var seen: Set<String> = []
        var passed: [JSONPointer] = []
        while let reference = try current.string("$ref") {
            try budget.spend(at: current.pointer)
            if let known = resolutions.targets[current.pointer] {
                current = known
                break
            }
            guard let target = JSONPointer(reference: reference), let resolved = self.node(at: target) else {
                throw CodegenError.unresolvedReference(
                    pointer: current.pointer.appending("$ref").description, reference: reference)
            }
            guard seen.insert(reference).inserted else {
                throw CodegenError.invalidSpec(
                    pointer: node.pointer.appending("$ref").description,
                    reason: "$ref chain loops back on itself: \((chain + [reference]).joined(separator: " → "))")
            }
            chain.append(reference)
            passed.append(current.pointer)
            current = resolved
        }
        for pointer in passed { resolutions.targets[pointer] = current }
        return current
    }

    /// The target pointer of `node`'s `$ref`, without following further references.
    func referenceTarget(of node: SpecNode) throws(CodegenError) -> JSONPointer? {
        guard let reference = try node.string("$ref") else { return nil }
        guard let target = JSONPointer(reference: reference), self.node(at: target) != nil else {
            throw CodegenError.unresolvedReference(
                pointer: node.pointer.appending("$ref").description, reference: reference)
        }
        return target
    }
}

/// The memo behind ``SpecDocument/resolve(_:)``: one per document, filled as references are met.
private final class ResolutionCache {
    var targets: [JSONPointer: SpecNode] = [:]
}
