/// Prints an endpoint's error enum exactly in the shape the SDK documentation shows
/// (`RoomsCreateError`): nested payload types, a case per declared code, `.other(BackendError)`,
/// and an initializer that lifts a `BackendError` into the declared case.
///
/// The body carries no comments so that it matches the documented text; what each case
/// means (code, status, description) goes in the doc comment above the enum.
enum ErrorEnumEmitter {
    static func emit(_ declaration: Declaration, cases: [ErrorCase], into writer: inout SwiftWriter) {
        writer.line(
            "/// The failures of `\(declaration.operationID ?? declaration.name)`: a case per error the backend declares,"
        )
        writer.line("/// and ``other(_:)`` for everything else (transport, decoding, undeclared codes).")
        if !cases.isEmpty {
            writer.line("///")
            for errorCase in cases {
                let status = errorCase.status.map { " (\($0))" } ?? ""
                let summary = errorCase.doc.map { ": " + $0.replacing("\n", with: " ") } ?? ""
                writer.line("/// - ``\(errorCase.name)``: `\(errorCase.code)`\(status)\(summary)")
            }
        }
        writer.block("public nonisolated enum \(declaration.name): PBError") { body in
            for nested in declaration.nestedDeclarations {
                DeclarationEmitter.emit(nested, into: &body)
            }
            for errorCase in cases {
                let name = Identifier.escaped(errorCase.name)
                if let payload = errorCase.payload {
                    body.line("case \(name)(\(payload.name))")
                } else {
                    body.line("case \(name)")
                }
            }
            body.line("case other(BackendError)")
            guard !cases.isEmpty else {
                body.block("public nonisolated init(_ backend: BackendError)") { initializer in
                    initializer.line("self = .other(backend)")
                }
                return
            }
            body.block("public nonisolated init(_ backend: BackendError)") { initializer in
                initializer.line("guard case .server(let f) = backend else { self = .other(backend); return }")
                initializer.switchBlock("f.code") { switchBody in
                    for errorCase in cases {
                        let code = SwiftLiteral.string(errorCase.code)
                        let name = Identifier.escaped(errorCase.name)
                        guard let payload = errorCase.payload else {
                            switchBody.line("case \(code): self = .\(name)")
                            continue
                        }
                        switchBody.line("case \(code):")
                        switchBody.line(
                            "    if let data = f.decodeData(\(payload.name).self) { self = .\(name)(data) } else { self = .other(backend) }"
                        )
                    }
                    switchBody.line("default: self = .other(backend)")
                }
            }
        }
    }
}
