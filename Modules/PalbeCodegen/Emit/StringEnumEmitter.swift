/// Prints a string enum (`enum KindValue: String, Codable, Sendable`), keywords escaped
/// (`` case `public` ``); a case name that differs from its wire value spells the value.
enum StringEnumEmitter {
    static func emit(_ declaration: Declaration, cases: [EnumCase], into writer: inout SwiftWriter) {
        writer.doc(declaration.doc)
        let name = declaration.name
        writer.block("public nonisolated enum \(name): String, Codable, Sendable, CaseIterable") { body in
            for enumCase in cases {
                let caseName = Identifier.escaped(enumCase.name)
                if enumCase.name == enumCase.rawValue {
                    body.line("case \(caseName)")
                } else {
                    body.line("case \(caseName) = \(SwiftLiteral.string(enumCase.rawValue))")
                }
            }
        }
    }
}
