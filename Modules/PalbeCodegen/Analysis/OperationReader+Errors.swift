import ErrorCore

extension OperationReader {
    /// `<Prefix>Error`: one case per entry of `x-palbase-errors`, in the order declared, each
    /// with a nested `<Code>Data` payload type when the entry declares `data`.
    func errorEnum(named name: String, mapper: inout SchemaMapper) throws(CodegenError) -> Declaration {
        let declaration = Declaration(name: name, pointer: node.pointer, role: .operation)
        declaration.fileKey = fileKey
        declaration.operationID = identity.id
        mapper.register(declaration)
        var cases: [ErrorCase] = []
        var seen: [String: JSONPointer] = [:]
        for entry in try node["x-palbase-errors"]?.elements() ?? [] {
            guard entry.isObject else { throw entry.wrongKind("an error object {code, status, data}") }
            guard let code = try entry.string("code"), !code.isEmpty else {
                throw entry.invalid("a declared error needs a non-empty code")
            }
            if let previous = seen[code] {
                throw CodegenError.duplicateName(
                    name: "error code \"\(code)\"", pointers: [previous.description, entry.pointer.description])
            }
            seen[code] = entry.pointer
            var status: Int?
            if let statusNode = entry["status"] {
                guard let value = statusNode.value.intValue else { throw statusNode.wrongKind("an integer status") }
                status = value
            }
            var payload: Declaration?
            if let data = entry["data"] {
                payload = try payloadDeclaration(for: code, data: data, in: declaration, mapper: &mapper)
            }
            cases.append(
                ErrorCase(code: code, name: "", status: status, doc: try entry.text("description"), payload: payload))
        }
        declaration.body = .errorEnum(cases)
        return declaration
    }

    /// The nested payload type of an error: the struct (or enum) an inline schema produces, or
    /// a typealias to what a reference or scalar maps to.
    private func payloadDeclaration(
        for code: String, data: SpecNode, in parent: Declaration, mapper: inout SchemaMapper
    ) throws(CodegenError) -> Declaration {
        var stem = Identifier.upperCamel(code)
        if stem.isEmpty { stem = "Error" }
        let name = stem + "Data"
        let mapped = try mapper.map(data, hint: .named(name), scope: .nested(parent))
        // The inline schema produced the payload itself; a nullable payload just decodes or not.
        if case .declaration(let declaration) = mapped.type, declaration.name == name, declaration.role == .nested {
            declaration.isErrorPayload = true
            return declaration
        }
        let alias = Declaration(name: name, pointer: data.pointer, role: .nested)
        alias.body = .alias(mapped.isNullable && !mapped.type.isAnyValue ? .optional(mapped.type) : mapped.type)
        parent.addNested(alias)
        return alias
    }
}
