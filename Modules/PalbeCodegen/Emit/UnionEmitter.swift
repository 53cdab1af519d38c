/// Prints a discriminated `oneOf`/`anyOf` as an enum with one case per alternative.
///
/// Decoding reads the discriminator property first and then decodes the whole object as the
/// alternative it names; encoding writes the alternative's own fields (which include the
/// discriminator). An unknown discriminator value fails decoding with a `DecodingError` that
/// names the value, which the SDK reports as `.other(.decode(…))`.
enum UnionEmitter {
    static func emit(_ declaration: Declaration, union: Union, into writer: inout SwiftWriter) {
        writer.doc(declaration.doc)
        let name = declaration.name
        let indirect = declaration.isRecursive ? "indirect " : ""
        writer.block("public nonisolated \(indirect)enum \(name): Codable, Sendable, Equatable") { body in
            DeclarationEmitter.emitNested(of: declaration, into: &body)
            for unionCase in union.cases {
                let values = unionCase.values.map { "`\($0)`" }.joined(separator: ", ")
                body.line("/// The alternative whose `\(union.discriminatorWireKey)` is \(values).")
                body.line("case \(Identifier.escaped(unionCase.name))(\(unionCase.type.name))")
            }
            body.blank()
            body.doc("Decodes the alternative the `\(union.discriminatorWireKey)` property names.")
            body.block("public init(from decoder: any Decoder) throws") { decode in
                decode.line("let container = try decoder.container(keyedBy: DiscriminatorKey.self)")
                decode.line("let value = try container.decode(String.self, forKey: .discriminator)")
                decode.switchBlock("value") { cases in
                    for unionCase in union.cases {
                        let labels = unionCase.values.map(SwiftLiteral.string).joined(separator: ", ")
                        let caseName = Identifier.escaped(unionCase.name)
                        cases.line("case \(labels): self = .\(caseName)(try \(unionCase.type.name)(from: decoder))")
                    }
                    let message = SwiftLiteral.string("Unknown \(name) \(union.discriminatorWireKey) ").dropLast()
                    cases.line("default:")
                    cases.line("    throw DecodingError.dataCorruptedError(")
                    cases.line(
                        "        forKey: .discriminator, in: container, debugDescription: \(message)\\(value)\")")
                }
            }
            body.blank()
            body.doc("Encodes the alternative's own fields, discriminator included.")
            body.block("public func encode(to encoder: any Encoder) throws") { encode in
                encode.switchBlock("self") { cases in
                    for unionCase in union.cases {
                        cases.line(
                            "case .\(Identifier.escaped(unionCase.name))(let value): try value.encode(to: encoder)")
                    }
                }
            }
            body.blank()
            body.block("private nonisolated enum DiscriminatorKey: String, CodingKey") { keys in
                keys.line("case discriminator = \(SwiftLiteral.string(union.discriminatorKey))")
            }
        }
    }
}
