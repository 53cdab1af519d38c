/// Prints struct declarations: models (final classes when recursive), query and header
/// parameter sets, and error payloads.
enum StructureEmitter {
    /// A model: public properties (`var`, or `let` in a class), a public memberwise
    /// initializer, synthesized `Codable` and `Equatable` (written out for a class).
    static func emitModel(_ declaration: Declaration, into writer: inout SwiftWriter) {
        let properties = declaration.properties
        properties.forEach { writer.note($0.type) }
        writer.doc(declaration.doc)
        let isClass = declaration.isRecursive
        let keyword = isClass ? "final class" : "struct"
        writer.block("public nonisolated \(keyword) \(declaration.name): Codable, Sendable, Equatable") { body in
            DeclarationEmitter.emitNested(of: declaration, into: &body)
            for property in properties {
                body.doc(property.doc)
                let binding = isClass ? "let" : "var"
                body.line(
                    "public \(binding) \(Identifier.escaped(property.name)): \(DeclarationEmitter.propertyType(property, in: declaration, noting: &body))"
                )
            }
            body.blank()
            emitInitializer(properties, in: declaration, into: &body)
            if isClass {
                body.blank()
                emitEquality(properties.map(\.name), typeName: declaration.name, into: &body)
            }
            emitCodingKeys(properties, into: &body)
            emitWireEncoding(properties, in: declaration, into: &body)
        }
    }

    /// For a type with a key the SDK encoder would misspell (`Property.encodingKey`): `EncodingKeys`
    /// spelled as on the wire, and an `encode(to:)` that uses them as the synthesized one would
    /// (`encodeIfPresent` for optionals). Decoding stays synthesized.
    private static func emitWireEncoding(
        _ properties: [Property], in declaration: Declaration, into writer: inout SwiftWriter
    ) {
        guard properties.contains(where: { $0.encodingKey != nil }) else { return }
        writer.blank()
        writer.doc(
            "The keys as the wire spells them, for encoding: the SDK encoder leaves a key without capitals as it is.")
        writer.block("private nonisolated enum EncodingKeys: String, CodingKey") { keys in
            for property in properties {
                let name = Identifier.escaped(property.name)
                let raw = property.encodingKey ?? property.codingKey
                keys.line(raw.map { "case \(name) = \(SwiftLiteral.string($0))" } ?? "case \(name)")
            }
        }
        writer.blank()
        writer.block("public func encode(to encoder: any Encoder) throws") { body in
            body.line("var container = encoder.container(keyedBy: EncodingKeys.self)")
            for property in properties {
                let name = Identifier.escaped(property.name)
                let optional = DeclarationEmitter.propertyType(property, in: declaration).hasSuffix("?")
                body.line("try container.\(optional ? "encodeIfPresent" : "encode")(\(name), forKey: .\(name))")
            }
        }
    }

    /// The public memberwise initializer, optional properties defaulting to `nil`.
    static func emitInitializer(_ properties: [Property], in declaration: Declaration, into writer: inout SwiftWriter) {
        if properties.isEmpty {
            writer.line("public init() {}")
            return
        }
        let parameters = properties.map { property in
            let type = DeclarationEmitter.propertyType(property, in: declaration)
            return "\(Identifier.escaped(property.name)): \(type)\(type.hasSuffix("?") ? " = nil" : "")"
        }
        writer.block("public init(\(parameters.joined(separator: ", ")))") { body in
            for property in properties {
                let name = Identifier.escaped(property.name)
                body.line("self.\(name) = \(name)")
            }
        }
    }

    /// `==` for a final class (classes get no synthesized `Equatable`), one `guard` per
    /// property.
    static func emitEquality(_ names: [String], typeName: String, into writer: inout SwiftWriter) {
        writer.block("public static func == (lhs: \(typeName), rhs: \(typeName)) -> Bool") { body in
            for name in names.map(Identifier.escaped).dropLast() {
                body.line("guard lhs.\(name) == rhs.\(name) else { return false }")
            }
            if let last = names.last.map(Identifier.escaped) {
                body.line("return lhs.\(last) == rhs.\(last)")
            } else {
                body.line("true")
            }
        }
    }

    /// An error payload, decode-only and spelled exactly as the SDK documentation shows:
    /// `let`s, no initializer, synthesized `Codable`.
    static func emitErrorPayload(_ declaration: Declaration, into writer: inout SwiftWriter) {
        let properties = declaration.properties
        properties.forEach { writer.note($0.type) }
        writer.block("public nonisolated struct \(declaration.name): Codable, Sendable") { body in
            DeclarationEmitter.emitNested(of: declaration, into: &body)
            for property in properties {
                body.line(
                    "public let \(Identifier.escaped(property.name)): \(DeclarationEmitter.propertyType(property, in: declaration, noting: &body))"
                )
            }
            emitCodingKeys(properties, into: &body)
        }
    }

    /// `CodingKeys` only when some property's name cannot be its key (`@type` → `type`):
    /// otherwise the synthesized keys are the property names, which the SDK coders convert.
    private static func emitCodingKeys(_ properties: [Property], into writer: inout SwiftWriter) {
        guard properties.contains(where: { $0.codingKey != nil }) else { return }
        writer.blank()
        writer.block("private nonisolated enum CodingKeys: String, CodingKey") { keys in
            for property in properties {
                let name = Identifier.escaped(property.name)
                keys.line(property.codingKey.map { "case \(name) = \(SwiftLiteral.string($0))" } ?? "case \(name)")
            }
        }
    }

    /// A header struct: typed values, rendered by `headerFields` into what `PBRequest` sends.
    static func emitHeaderSet(_ declaration: Declaration, into writer: inout SwiftWriter) {
        let properties = declaration.properties
        properties.forEach { writer.note($0.type) }
        writer.doc(declaration.doc)
        writer.block("public nonisolated struct \(declaration.name): Sendable, Equatable") { body in
            DeclarationEmitter.emitNested(of: declaration, into: &body)
            for property in properties {
                body.doc(property.doc ?? "The `\(property.wireKey)` header.")
                body.line(
                    "public var \(Identifier.escaped(property.name)): \(DeclarationEmitter.propertyType(property, in: declaration, noting: &body))"
                )
            }
            body.blank()
            emitInitializer(properties, in: declaration, into: &body)
            body.blank()
            body.doc("The fields as the request sends them; an absent value sends no header.")
            body.block("public var headerFields: [String: String]") { getter in
                getter.line("var fields: [String: String] = [:]")
                for property in properties {
                    let name = Identifier.escaped(property.name)
                    let key = SwiftLiteral.string(property.wireKey)
                    let text = TextConversion.expression(for: property.type, value: name)
                    if property.isRequired {
                        getter.line("fields[\(key)] = \(text)")
                    } else {
                        getter.line("if let \(name) { fields[\(key)] = \(text) }")
                    }
                }
                getter.line("return fields")
            }
        }
    }
}
