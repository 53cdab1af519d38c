import ErrorCore

extension SchemaMapper {
    /// A `oneOf`/`anyOf`: `null` alternatives make the result nullable; one remaining
    /// alternative is that alternative; several are a discriminated union when a
    /// `discriminator` names the property that tells them apart and every alternative is a
    /// component schema, and `AnyCodableValue` (with a warning) otherwise.
    mutating func alternativesShape(
        _ node: SpecNode, members: [SpecNode], keyword: JSONPointer
    ) throws(CodegenError) -> Shape {
        var alternatives: [SpecNode] = []
        for member in members where try !isNullSchema(member) { alternatives.append(member) }
        if alternatives.isEmpty { return .structural(.scalar(.anyValue)) }
        if alternatives.count == 1 { return .structural(.single(alternatives[0])) }
        guard let discriminator = try node.object("discriminator") else {
            warn(
                CodegenWarning(
                    pointer: keyword.description,
                    message: "\(keyword.tokens.last ?? "oneOf") without a discriminator is generated as AnyCodableValue"
                ))
            return .structural(.scalar(.anyValue))
        }
        guard let propertyName = try discriminator.string("propertyName"), !propertyName.isEmpty else {
            throw discriminator.invalid("a discriminator needs a propertyName")
        }
        var targets: [(value: String, pointer: JSONPointer)] = []
        if let mapping = try discriminator.object("mapping") {
            for (value, target) in try mapping.members() {
                guard let reference = target.value.stringValue else { throw target.wrongKind("a schema reference") }
                let pointer =
                    JSONPointer(reference: reference) ?? JSONPointer(tokens: ["components", "schemas", reference])
                guard Self.isComponentSchema(pointer), document.node(at: pointer) != nil else {
                    throw CodegenError.unresolvedReference(pointer: target.pointer.description, reference: reference)
                }
                targets.append((value, pointer))
            }
        }
        var cases: [Union.Case] = []
        for member in alternatives {
            guard let pointer = try document.referenceTarget(of: member), Self.isComponentSchema(pointer) else {
                warn(
                    member.warning(
                        "a discriminated alternative must be a $ref to components/schemas; the union is generated as AnyCodableValue"
                    ))
                return .structural(.scalar(.anyValue))
            }
            var values = targets.filter { $0.pointer == pointer }.map(\.value)
            if values.isEmpty { values = [pointer.tokens[2]] }
            cases.append(Union.Case(name: values[0], values: values, type: try component(at: pointer)))
        }
        for target in targets where !cases.contains(where: { $0.type.pointer == target.pointer }) {
            let values = targets.filter { $0.pointer == target.pointer }.map(\.value)
            cases.append(Union.Case(name: values[0], values: values, type: try component(at: target.pointer)))
        }
        return .declared(.union(Union(discriminatorKey: "", discriminatorWireKey: propertyName, cases: cases)))
    }
}
