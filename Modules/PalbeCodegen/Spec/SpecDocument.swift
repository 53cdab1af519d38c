/// The whole spec: its root node and `$ref` resolution.
struct SpecDocument {
    let root: SpecNode
    /// The `openapi` version string (`3.0.3`, `3.1.0`, `3.2.0`).
    let version: String

    /// Parses `data` and checks that it is an OpenAPI 3.0, 3.1 or 3.2 document.
    init(data: [UInt8]) throws(CodegenError) {
        let value = try JSONParser.parse(data)
        root = SpecNode(value: value, pointer: .root)
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
    func resolve(_ node: SpecNode) throws(CodegenError) -> SpecNode {
        var current = node
        var chain: [String] = []
        while let reference = try current.string("$ref") {
            guard let target = JSONPointer(reference: reference), let resolved = self.node(at: target) else {
                throw CodegenError.unresolvedReference(
                    pointer: current.pointer.appending("$ref").description, reference: reference)
            }
            guard !chain.contains(reference) else {
                throw CodegenError.invalidSpec(
                    pointer: node.pointer.appending("$ref").description,
                    reason: "$ref chain loops back on itself: \((chain + [reference]).joined(separator: " → "))")
            }
            chain.append(reference)
            current = resolved
        }
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
