import ErrorCore

extension SchemaMapper {
    /// Classifies the schema at `node` (not a reference).
    mutating func shape(of node: SpecNode) throws(CodegenError) -> Shape {
        if let allOf = node["allOf"] {
            return try allOfShape(node, members: try allOf.elements())
        }
        if let alternatives = node["oneOf"] ?? node["anyOf"] {
            return try alternativesShape(node, members: try alternatives.elements(), keyword: alternatives.pointer)
        }
        if let constant = node["const"] {
            return try literalShape(node, values: [constant.value])
        }
        if let values = node["enum"] {
            return try literalShape(node, values: try values.elements().map(\.value))
        }
        return try typedShape(node)
    }

    private mutating func typedShape(_ node: SpecNode) throws(CodegenError) -> Shape {
        let types = try typeNames(of: node).filter { $0 != "null" }
        switch types {
        case []:
            if node["properties"] != nil || node["additionalProperties"] != nil { return try objectShape(node) }
            if node["items"] != nil { return .structural(.array(try itemsNode(node))) }
            return .structural(.scalar(.anyValue))
        case ["string"]:
            return .structural(.scalar(try node.string("format") == "date-time" ? .date : .string))
        case ["integer"]:
            return .structural(.scalar(.int))
        case ["number"], ["integer", "number"], ["number", "integer"]:
            return .structural(.scalar(.double))
        case ["boolean"]:
            return .structural(.scalar(.bool))
        case ["array"]:
            return .structural(.array(try itemsNode(node)))
        case ["object"]:
            return try objectShape(node)
        default:
            let known: Set = ["string", "integer", "number", "boolean", "array", "object"]
            let message: String
            if let unknown = types.first(where: { !known.contains($0) }) {
                message = "type \"\(unknown)\" is not a JSON Schema type; generated as AnyCodableValue"
            } else {
                message = "a value of several types (\(types.joined(separator: ", "))) is generated as AnyCodableValue"
            }
            warn(node.warning(message))
            return .structural(.scalar(.anyValue))
        }
    }

    /// `type` as a list: a string gives one name, an array several, absence none.
    func typeNames(of node: SpecNode) throws(CodegenError) -> [String] {
        guard let type = node["type"] else { return [] }
        if let name = type.value.stringValue { return [name] }
        var names: [String] = []
        for element in try type.elements() {
            guard let name = element.value.stringValue else { throw element.wrongKind("a type name") }
            names.append(name)
        }
        return names
    }

    private func itemsNode(_ node: SpecNode) throws(CodegenError) -> SpecNode? {
        guard let items = node["items"] else { return nil }
        if items.value.boolValue == true { return nil }
        guard items.isObject else { throw items.wrongKind("a schema object") }
        return items.value.objectValue!.isEmpty ? nil : items
    }

    /// `enum`/`const` values: strings give a string enum; other kinds keep the base type.
    private mutating func literalShape(_ node: SpecNode, values: [ExactJSON]) throws(CodegenError) -> Shape {
        let nonNull = values.filter { $0 != .null }
        let strings = nonNull.compactMap(\.stringValue)
        if !strings.isEmpty, strings.count == nonNull.count {
            var unique: [String] = []
            for string in strings where !unique.contains(string) { unique.append(string) }
            return .declared(.stringEnum(unique))
        }
        if let first = nonNull.first, try typeNames(of: node).isEmpty {
            switch first {
            case .bool: return .structural(.scalar(.bool))
            case .number: return .structural(.scalar(nonNull.allSatisfy { $0.intValue != nil } ? .int : .double))
            default: break
            }
        }
        return try typedShape(node)
    }

    /// Whether the schema admits JSON `null`: `nullable: true` (3.0), `"null"` among its
    /// types (3.1), `null` among its enum values, or a `{type: null}` alternative. With
    /// `followingReferences`, also when what a `$ref` or a one-member `allOf` names does.
    func isNullable(_ start: SpecNode, followingReferences: Bool) throws(CodegenError) -> Bool {
        var node = start
        var visited: Set<JSONPointer> = []
        // A walk, not recursion: chains of references can be as long as the spec.
        while node.isObject, visited.insert(node.pointer).inserted {
            if try node.bool("nullable") == true { return true }
            if followingReferences, try document.referenceTarget(of: node) != nil {
                node = try document.resolve(node)
                continue
            }
            if try typeNames(of: node).contains("null") { return true }
            if let values = node["enum"]?.value.arrayValue, values.contains(.null) { return true }
            if let alternatives = node["oneOf"] ?? node["anyOf"] {
                for member in try alternatives.elements() where try isNullSchema(member) { return true }
            }
            guard followingReferences, let allOf = node["allOf"], let members = try? allOf.elements(),
                members.count == 1
            else { return false }
            node = members[0]
        }
        return false
    }

    /// Whether the schema admits only `null` (`{type: "null"}`, `{enum: [null]}`).
    func isNullSchema(_ node: SpecNode) throws(CodegenError) -> Bool {
        guard node.isObject, node["$ref"] == nil else { return false }
        if try typeNames(of: node) == ["null"] { return true }
        if let values = node["enum"]?.value.arrayValue, values == [.null] { return true }
        return false
    }
}
