import ErrorCore

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
            object.dropped.append(
                additional.warning(
                    "typed additionalProperties beside properties are not generated; extra keys are ignored"))
        } else if let additional, additional.value.boolValue == true {
            object.dropped.append(
                additional.warning(
                    "additionalProperties: true beside properties is not generated; extra keys are ignored"))
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
    ///
    /// What a schema merges to is remembered (``mergedShapes``), so a member reached along many paths
    /// (`S = allOf[$ref T, $ref T]`, nested) is merged once rather than once per path. Replaying the
    /// remembered properties gives the same order and values as merging again: ``ObjectShape/add(_:_:)``
    /// keeps a key where it first appeared and takes its last value.
    private mutating func merge(
        _ node: SpecNode, into object: inout ObjectShape, visited: inout Set<JSONPointer>, depth: Int
    ) throws(CodegenError) -> Bool {
        guard depth < Self.maximumNesting else {
            throw CodegenError.unsupported(
                pointer: node.pointer.description, reason: "allOf nests more than \(Self.maximumNesting) levels deep")
        }
        try document.budget.spend(at: node.pointer)
        let resolved = try document.resolve(node)
        // A remembered shape is reused only where merging again could not reach the nesting cap (then
        // merging again reports it exactly). It cannot meet a cycle: one would have failed it the first time.
        if let known = mergedShapes[resolved.pointer], depth + known.height < Self.maximumNesting {
            guard let shape = known.shape else { return false }
            try document.budget.spend(shape.properties.count, at: node.pointer)
            for (key, property) in shape.properties { object.add(key, property) }
            object.required.formUnion(shape.required)
            return true
        }
        guard visited.insert(resolved.pointer).inserted else {
            throw CodegenError.unsupported(pointer: node.pointer.description, reason: "allOf includes itself")
        }
        defer { visited.remove(resolved.pointer) }
        var own = ObjectShape()
        var height = 0
        var merged = true
        if let allOf = resolved["allOf"] {
            for member in try allOf.elements() where try !isAnnotationOnly(member) {
                guard try merge(member, into: &own, visited: &visited, depth: depth + 1) else {
                    merged = false
                    break
                }
                let memberPointer = try document.resolve(member).pointer
                height = max(height, (mergedShapes[memberPointer]?.height ?? 0) + 1)
            }
        }
        if merged {
            let types = try typeNames(of: resolved).filter { $0 != "null" }
            merged =
                (types.isEmpty || types == ["object"]) && resolved["oneOf"] == nil && resolved["anyOf"] == nil
                && resolved["enum"] == nil && resolved["items"] == nil
        }
        if merged { try addOwnProperties(of: resolved, to: &own) }
        mergedShapes[resolved.pointer] = MergedShape(shape: merged ? own : nil, height: height)
        guard merged else { return false }
        for (key, property) in own.properties { object.add(key, property) }
        object.required.formUnion(own.required)
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
                object.required.insert(ExactString(key))
            }
        }
    }

    /// The properties of `object` as members of `declaration`, inline schemas nested in it.
    mutating func properties(of object: ObjectShape, in declaration: Declaration) throws(CodegenError) -> [Property] {
        var properties: [Property] = []
        for warning in object.dropped { drop(warning, from: declaration) }
        for (key, node) in object.properties {
            if try node.bool("deprecated") == true {
                drop(
                    node.warning("property \"\(key)\" is deprecated; the generated property does not say so"),
                    from: declaration)
            }
            if node["default"] != nil {
                drop(
                    node.warning(
                        "the default of property \"\(key)\" is not generated; an absent value stays nil and the server's default applies"
                    ), from: declaration)
            }
            let mapped = try map(node, hint: .property(key), scope: .nested(declaration))
            properties.append(
                Property(
                    wireKey: key, type: mapped.type, isRequired: object.isRequired(key),
                    isNullable: mapped.isNullable, doc: try node.text("description"), pointer: node.pointer))
        }
        return properties
    }
}
