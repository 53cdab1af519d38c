/// Prints a ``Declaration``: model structs (or final classes when recursive), string enums,
/// typealiases, discriminated unions and error enums, nested declarations first.
///
/// Every type is `nonisolated`, nested ones too, so the output also compiles in a target whose
/// default isolation is the main actor (the Xcode app template's setting).
///
/// Conformances are synthesized wherever Swift can: measured on the synthetic spec, written-out
/// `init(from:)`/`encode(to:)`/`==` type-check no faster than derived ones (a `guard` chain of
/// `==` is slower) and double the text.
enum DeclarationEmitter {
    static func emit(_ declaration: Declaration, into writer: inout SwiftWriter) {
        for note in declaration.notes { writer.comment("// codegen: \(note)") }
        switch declaration.body {
        case .pending:
            break
        case .structure:
            if declaration.isHeaderSet {
                StructureEmitter.emitHeaderSet(declaration, into: &writer)
            } else if declaration.isErrorPayload {
                StructureEmitter.emitErrorPayload(declaration, into: &writer)
            } else {
                StructureEmitter.emitModel(declaration, into: &writer)
            }
        case .stringEnum(let cases):
            StringEnumEmitter.emit(declaration, cases: cases, into: &writer)
        case .alias(let target):
            writer.note(target)
            writer.doc(declaration.doc)
            writer.line("public typealias \(declaration.name) = \(target.swift)")
        case .union(let union):
            UnionEmitter.emit(declaration, union: union, into: &writer)
        case .errorEnum(let cases):
            ErrorEnumEmitter.emit(declaration, cases: cases, into: &writer)
        }
    }

    /// The nested declarations of `declaration`, each followed by a blank line.
    static func emitNested(of declaration: Declaration, into writer: inout SwiftWriter) {
        for nested in declaration.nestedDeclarations {
            emit(nested, into: &writer)
            writer.blank()
        }
    }

    /// The Swift type of a stored property: see the module documentation for when it is `T`,
    /// `T?`, `Nullable<T>` or `Nullable<T>?`.
    static func propertyType(
        _ property: Property, in declaration: Declaration, noting writer: inout SwiftWriter
    ) -> String {
        let type = propertyType(property, in: declaration)
        writer.note(spelled: type)
        return type
    }

    static func propertyType(_ property: Property, in declaration: Declaration) -> String {
        let base = property.type.swift
        if declaration.isParameterSet { return property.isRequired ? base : base + "?" }
        if declaration.isInput, property.isNullable, !property.type.isAnyValue, !declaration.isErrorPayload {
            return property.isRequired ? "Nullable<\(base)>" : "Nullable<\(base)>?"
        }
        return property.isRequired && !property.isNullable ? base : base + "?"
    }
}
