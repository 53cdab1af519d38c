/// Gives every property, case and parameter its Swift name, and rejects any two
/// declarations that would end up with the same one.
///
/// Runs after every schema is mapped, so the wire keys of the whole spec go through the SDK
/// coders in one batch (see ``WireKeys``).
struct NamePass {
    let graph: DeclarationGraph
    let wireKeys: WireKeys

    init(graph: DeclarationGraph) {
        self.graph = graph
        var keys: [String] = []
        for declaration in graph.all where !declaration.isHeaderSet {
            keys.append(contentsOf: declaration.properties.map(\.wireKey))
            if case .union(let union) = declaration.body { keys.append(union.discriminatorWireKey) }
        }
        wireKeys = WireKeys(wireKeys: keys)
    }

    func nameMembers() throws(CodegenError) {
        for declaration in graph.all {
            switch declaration.body {
            case .structure(let properties):
                declaration.body = .structure(try named(properties, in: declaration))
            case .stringEnum(let cases):
                declaration.body = .stringEnum(try named(cases, in: declaration))
            case .union(var union):
                union.discriminatorKey = wireKeys.translation(of: union.discriminatorWireKey).name
                for index in union.cases.indices {
                    union.cases[index].name = caseName(union.cases[index].name, reserved: ReservedNames.unionCases)
                }
                try checkUnique(union.cases.map { ($0.name, $0.type.pointer) }, in: declaration)
                declaration.body = .union(union)
            case .errorEnum(var cases):
                for index in cases.indices {
                    let name = Identifier.lowerCamel(cases[index].code)
                    guard !name.isEmpty else {
                        throw CodegenError.invalidSpec(
                            pointer: declaration.pointer.appending("x-palbase-errors").description,
                            reason: "error code \"\(cases[index].code)\" has no letters or digits to name a case after")
                    }
                    cases[index].name = name
                }
                let pointer = declaration.pointer.appending("x-palbase-errors")
                try checkUnique(
                    cases.enumerated().map { ($0.element.name, pointer.appending($0.offset)) } + [("other", pointer)],
                    in: declaration)
                declaration.body = .errorEnum(cases)
            case .pending, .alias:
                break
            }
            try checkUnique(declaration.nestedDeclarations.map { ($0.name, $0.pointer) }, in: declaration)
        }
    }

    private func named(_ properties: [Property], in declaration: Declaration) throws(CodegenError) -> [Property] {
        var result: [Property] = []
        for var property in properties {
            if declaration.isHeaderSet {
                property.name = valueName(Identifier.lowerCamel(property.wireKey), fallback: "header")
                if ReservedNames.headerProperties.contains(property.name) { property.name += "_" }
            } else {
                let (decoded, roundTrips) = wireKeys.translation(of: property.wireKey)
                if !roundTrips, wireKeys.encodedName(of: property.wireKey) == property.wireKey {
                    property.encodingKey = property.wireKey
                } else if !roundTrips, declaration.isInput || declaration.isParameterSet {
                    let sent = wireKeys.encodedName(of: decoded) ?? decoded
                    throw CodegenError.unsupported(
                        pointer: property.pointer.description,
                        reason:
                            "key \"\(property.wireKey)\" cannot travel through the SDK's snake_case coders (it would be sent as \"\(sent)\"); use a snake_case key"
                    )
                }
                if Identifier.isValid(decoded), !Identifier.unusableAsValueName.contains(decoded) {
                    property.name = decoded
                } else {
                    property.name = valueName(Identifier.lowerCamel(decoded), fallback: "value")
                    property.codingKey = decoded
                }
            }
            result.append(property)
        }
        try checkUnique(result.map { ($0.name, $0.pointer) }, in: declaration)
        return result
    }

    private func named(_ cases: [EnumCase], in declaration: Declaration) throws(CodegenError) -> [EnumCase] {
        let named = cases.map {
            EnumCase(name: caseName($0.rawValue, reserved: ReservedNames.enumCases), rawValue: $0.rawValue)
        }
        try checkUnique(named.map { ($0.name, declaration.pointer.appending("enum")) }, in: declaration)
        return named
    }

    private func caseName(_ value: String, reserved: Set<String>) -> String {
        var name = Identifier.lowerCamel(value)
        if name.isEmpty { name = "empty" }
        if reserved.contains(name) { name += "_" }
        return name
    }

    /// A property or parameter name; `self` cannot be one, even in backticks.
    func valueName(_ name: String, fallback: String) -> String {
        let name = name.isEmpty ? fallback : name
        return Identifier.unusableAsValueName.contains(name) ? name + "_" : name
    }

    private func checkUnique(_ names: [(String, JSONPointer)], in declaration: Declaration) throws(CodegenError) {
        var seen: [String: JSONPointer] = [:]
        for (name, pointer) in names {
            if let previous = seen[name] {
                throw CodegenError.duplicateName(
                    name: "\(declaration.name).\(name)", pointers: [previous.description, pointer.description])
            }
            seen[name] = pointer
        }
    }
}
