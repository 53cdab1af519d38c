/// Reads the operations of a spec and maps every schema they reach, producing the model the
/// emitters print.
struct SpecAnalyzer {
    /// The namespaces the SDK owns; operations in them are skipped.
    static let reservedNamespaces: Set<String> = [
        "auth", "messaging", "call", "db", "docs", "flags", "notifications", "analytics", "storage",
    ]

    var mapper: SchemaMapper
    var operations: [OperationModel] = []
    private(set) var skipped: [SkippedOperation] = []
    /// Reserved namespaces met, with the operation ids skipped in each.
    private(set) var reservedHits: [String: [String]] = [:]

    var document: SpecDocument { mapper.document }

    init(document: SpecDocument) {
        mapper = SchemaMapper(document: document)
    }

    /// Reads every operation under `paths`.
    mutating func readOperations() throws(CodegenError) {
        guard let paths = try document.root.object("paths") else { return }
        var seenIDs: [String: JSONPointer] = [:]
        for (template, itemNode) in try paths.members() {
            let item = try document.resolve(itemNode)
            guard item.isObject else { throw item.wrongKind("a path item object") }
            for (key, verb) in Self.operationKeys {
                guard let operation = try item.object(key) else { continue }
                try readOperation(operation, key: key, verb: verb, template: template, item: item, seenIDs: &seenIDs)
            }
            if let additional = try item.object("additionalOperations") {
                for (method, operation) in try additional.members() {
                    guard operation.isObject else { throw operation.wrongKind("an operation object") }
                    let verb = OperationModel.Verb(rawValue: method.lowercased())
                    try readOperation(
                        operation, key: method, verb: verb, template: template, item: item, seenIDs: &seenIDs)
                }
            }
        }
        try mapper.fillPendingComponents()
    }

    /// Path item keys that hold operations, with the verb each stands for (`nil`: one
    /// `PBMethod` cannot send).
    private static let operationKeys: [(String, OperationModel.Verb?)] = [
        ("get", .get), ("put", .put), ("post", .post), ("delete", .delete), ("options", nil), ("head", nil),
        ("patch", .patch), ("trace", nil), ("query", .query),
    ]

    private mutating func readOperation(
        _ node: SpecNode, key: String, verb keyVerb: OperationModel.Verb?, template: String, item: SpecNode,
        seenIDs: inout [String: JSONPointer]
    ) throws(CodegenError) {
        let identity = try OperationIdentity(node, method: key, template: template)
        if identity.isSynthesized {
            mapper.warn(
                node.warning(
                    "operation has no operationId; generated as \"\(identity.method)\" from its method and path"))
        }
        if let previous = seenIDs[identity.id] {
            throw CodegenError.duplicateName(
                name: "operationId \"\(identity.id)\"",
                pointers: [
                    previous.appending("operationId").description, node.pointer.appending("operationId").description,
                ])
        }
        seenIDs[identity.id] = node.pointer
        if let reserved = identity.reservedNamespace {
            reservedHits[reserved, default: []].append(identity.id)
            return
        }
        var verb = keyVerb
        if let override = try node.string("x-palbase-method") {
            guard let parsed = OperationModel.Verb(rawValue: override.lowercased()) else {
                throw node.appendingInvalid(
                    "x-palbase-method", "\"\(override)\" is not GET, POST, PATCH, PUT, DELETE or QUERY")
            }
            verb = parsed
        }
        guard let verb else {
            skip(identity, node: node, reason: "\(key.uppercased()) is not a method the SDK sends")
            return
        }
        let reader = OperationReader(
            document: document, node: node, item: item, template: template, verb: verb, identity: identity)
        switch try reader.read(with: &mapper) {
        case .success(let operation): operations.append(operation)
        case .failure(let skip): self.skip(identity, node: node, reason: skip.reason)
        }
    }

    private mutating func skip(_ identity: OperationIdentity, node: SpecNode, reason: String) {
        mapper.warn(node.warning("operation \"\(identity.id)\" skipped: \(reason)"))
        skipped.append(
            SkippedOperation(
                namespace: identity.namespace, comment: "// codegen: skipped \"\(identity.id)\": \(reason)"))
    }
}
