extension SchemaMapper {
    /// An object schema: a struct when it has properties, a dictionary when it only has
    /// `additionalProperties` (or nothing: OpenAPI objects are open by default).
    mutating func objectShape(_ node: SpecNode) throws(CodegenError) -> Shape {
        var object = ObjectShape()
        try addOwnProperties(of: node, to: &object)
        let additional = node["additionalProperties"]
        if object.properties.isEmpty {
            guard let additional else { return .structural(.dictionary(nil)) }
            switch additional.value {
            case .bool(false): return .declared(.object(object))
            case .bool(true): return .structural(.dictionary(nil))
            case .object(let schema): return .structural(.dictionary(schema.isEmpty ? nil : additional))
            default: throw additional.wrongKind("a boolean or a schema object")
            }
        }
        if let additional, let schema = additional.value.objectValue, !schema.isEmpty {
            warn(
                additional.warning(
                    "typed additionalProperties beside properties are not generated; extra keys are ignored"))
        }
        return .declared(.object(object))
    }

    /// An `allOf`: one member is that member; several object members are merged into one
    /// struct (properties in member order, later ones replacing earlier ones of the same key).
    mutating func allOfShape(_ node: SpecNode, members: [SpecNode]) throws(CodegenError) -> Shape {
        let ownKeywords = ["properties", "additionalProperties", "required"].contains { node[$0] != nil }
        var meaningful: [SpecNode] = []
        for member in members where try !isAnnotationOnly(member) { meaningful.append(member) }
        if meaningful.count == 1, !ownKeywords {
            return .structural(.single(meaningful[0]))
        }
        var object = ObjectShape()
        var visited: Set<JSONPointer> = []
        guard try merge(node, into: &object, visited: &visited, depth: 0) else {
            warn(node.warning("allOf whose members are not all objects is generated as AnyCodableValue"))
            return .structural(.scalar(.anyValue))
        }
        return .declared(.object(object))
    }

    /// Adds `node`'s properties, and those of its `allOf` members, to `object`; `false` when a
    /// member is not an object schema.
    private mutating func merge(
        _ node: SpecNode, into object: inout ObjectShape, visited: inout Set<JSONPointer>, depth: Int
    ) throws(CodegenError) -> Bool {
        guard depth < Self.maximumNesting else {
            throw CodegenError.unsupported(
                pointer: node.pointer.description, reason: "allOf nests more than \(Self.maximumNesting) levels deep")
        }
        let resolved = try document.resolve(node)
        guard visited.insert(resolved.pointer).inserted else {
            throw CodegenError.unsupported(pointer: node.pointer.description, reason: "allOf includes itself")
        }
        defer { visited.remove(resolved.pointer) }
        if let allOf = resolved["allOf"] {
            for member in try allOf.elements() where try !isAnnotationOnly(member) {
                guard try merge(member, into: &object, visited: &visited, depth: depth + 1) else { return false }
            }
        }
        let types = try typeNames(of: resolved).filter { $0 != "null" }
        guard types.isEmpty || types == ["object"], resolved["oneOf"] == nil, resolved["anyOf"] == nil,
            resolved["enum"] == nil, resolved["items"] == nil
        else { return false }
        try addOwnProperties(of: resolved, to: &object)
        return true
    }

    /// Whether a schema only annotates (`{description: …}`, `{nullable: true}`) and adds no
    /// constraint on shape, so it does not count as an `allOf` member.
    private func isAnnotationOnly(_ node: SpecNode) throws(CodegenError) -> Bool {
        guard let object = node.value.objectValue else { return false }
        let annotations: Set = [
            "description", "title", "nullable", "default", "example", "examples", "deprecated",
            "readOnly", "writeOnly",
        ]
        return object.keys.allSatisfy { annotations.contains($0) || $0.hasPrefix("x-") }
    }

    private func addOwnProperties(of node: SpecNode, to object: inout ObjectShape) throws(CodegenError) {
        if let properties = try node.object("properties") {
            for (key, property) in try properties.members() { object.add(key, property) }
        }
        if let required = node["required"] {
            for element in try required.elements() {
                guard let key = element.value.stringValue else { throw element.wrongKind("a property name") }
                object.required.insert(key)
            }
        }
    }

    /// The properties of `object` as members of `declaration`, inline schemas nested in it.
    mutating func properties(of object: ObjectShape, in declaration: Declaration) throws(CodegenError) -> [Property] {
        var properties: [Property] = []
        for (key, node) in object.properties {
            let mapped = try map(node, hint: .property(key), scope: .nested(declaration))
            properties.append(
                Property(
                    wireKey: key, type: mapped.type, isRequired: object.required.contains(key),
                    isNullable: mapped.isNullable, doc: try node.text("description"), pointer: node.pointer))
        }
        return properties
    }
}
