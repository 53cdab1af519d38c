import ErrorCore

/// Maps JSON Schemas (as OpenAPI 3.0 and 3.1 use them) to ``TypeRef``s, creating a
/// ``Declaration`` for every component schema an operation reaches and for every inline
/// object, string enum or discriminated union.
///
/// Only schemas reachable from generated operations are emitted, so an unused schema the
/// generator cannot map costs nothing. Constructs without an exact mapping fall back to
/// `AnyCodableValue` with a warning (see the module documentation for the list).
struct SchemaMapper {
    let document: SpecDocument
    private(set) var warnings: [CodegenWarning] = []
    /// Component schema declarations by the pointer of their schema.
    private(set) var components: [JSONPointer: Declaration] = [:]
    /// Components whose body is still to be read, in the order they were met.
    private var pendingComponents: [Declaration] = []
    /// Top-level declarations of operation files, in creation order.
    private(set) var operationDeclarations: [Declaration] = []
    /// Top-level models for inline schemas inside a typealias component (`Tags` = `[TagsItem]`).
    private(set) var looseModels: [Declaration] = []
    /// Inline schemas reached through a `$ref` that are being mapped, to stop a reference
    /// cycle that never passes through `components/schemas`.
    private var inlineReferencesInProgress: Set<JSONPointer> = []
    /// What each `allOf` member merges to, by its resolved pointer, so a member reached along many
    /// paths is merged once.
    var mergedShapes: [JSONPointer: MergedShape] = [:]
    private var nesting = 0

    init(document: SpecDocument) {
        self.document = document
    }

    mutating func warn(_ warning: CodegenWarning) {
        warnings.append(warning)
    }

    /// How deeply schemas may nest inside one another (through properties, items, values and
    /// compositions). Real contracts stay far below; the cap keeps mapping and emission, which
    /// recurse, within the stack of a secondary thread.
    static let maximumNesting = 32

    /// The Swift type for the schema at `node`.
    mutating func map(_ node: SpecNode, hint: NameHint, scope: DeclarationScope) throws(CodegenError) -> MappedSchema {
        try document.budget.spend(at: node.pointer)
        nesting += 1
        defer { nesting -= 1 }
        guard nesting <= Self.maximumNesting else {
            throw CodegenError.unsupported(
                pointer: node.pointer.description, reason: "schemas nest more than \(Self.maximumNesting) levels deep")
        }
        guard node.isObject else {
            if node.value.boolValue == true { return MappedSchema(type: .anyValue, isNullable: false) }
            throw node.wrongKind("a schema object")
        }
        if let target = try document.referenceTarget(of: node) {
            let extraNull = try node.bool("nullable") == true
            if Self.isComponentSchema(target) {
                let declaration = try component(at: target)
                let targetNode = document.node(at: target)!
                let nullable = try isNullable(targetNode, followingReferences: true)
                return MappedSchema(type: .declaration(declaration), isNullable: nullable || extraNull)
            }
            let resolved = try document.resolve(node)
            guard inlineReferencesInProgress.insert(resolved.pointer).inserted else {
                throw CodegenError.unsupported(
                    pointer: node.pointer.description,
                    reason: "recursive reference to a schema outside components/schemas; move it to components/schemas")
            }
            defer { inlineReferencesInProgress.remove(resolved.pointer) }
            var mapped = try map(resolved, hint: hint, scope: scope)
            mapped.isNullable = mapped.isNullable || extraNull
            return mapped
        }
        return try mapInline(node, hint: hint, scope: scope)
    }

    /// The declaration of the component schema at `pointer` (`/components/schemas/<Name>`),
    /// created on first use. Its body is filled later by ``fillPendingComponents()``: mapping
    /// one component inside another would recurse as deep as the longest chain of references.
    mutating func component(at pointer: JSONPointer) throws(CodegenError) -> Declaration {
        if let existing = components[pointer] { return existing }
        let key = pointer.tokens[2]
        var name = Identifier.upperCamel(key)
        if name.isEmpty { name = "Schema" }
        if ReservedNames.types.contains(name) {
            warn(
                CodegenWarning(
                    pointer: pointer.description,
                    message:
                        "schema \"\(key)\" is generated as \(name)Model: \(name) is a Swift, Foundation or Palbe type"))
            name += "Model"
        }
        let declaration = Declaration(name: name, pointer: pointer, role: .component)
        components[pointer] = declaration
        pendingComponents.append(declaration)
        return declaration
    }

    /// Fills the body of every component met so far, and of those they reach in turn.
    mutating func fillPendingComponents() throws(CodegenError) {
        while !pendingComponents.isEmpty {
            let declaration = pendingComponents.removeFirst()
            let node = document.node(at: declaration.pointer)!
            guard node.isObject else {
                if node.value.boolValue == nil { throw node.wrongKind("a schema object") }
                declaration.body = .alias(.anyValue)
                continue
            }
            declaration.doc = try node.text("description")
            if declaration.doc == nil { declaration.doc = try node.text("title") }
            if try document.referenceTarget(of: node) != nil {
                // A component that only names another one: a typealias.
                declaration.body = .alias(try map(node, hint: .named(declaration.name), scope: .model).type)
            } else {
                declaration.body = try body(for: node, declaration: declaration)
            }
        }
    }

    static func isComponentSchema(_ pointer: JSONPointer) -> Bool {
        pointer.tokens.count == 3 && pointer.tokens[0] == "components" && pointer.tokens[1] == "schemas"
    }

    /// The body of `declaration`, the schema at `node` (not a reference).
    private mutating func body(for node: SpecNode, declaration: Declaration) throws(CodegenError) -> Declaration.Body {
        switch try shape(of: node) {
        case .declared(.object(let object)):
            return .structure(try properties(of: object, in: declaration))
        case .declared(.stringEnum(let values)):
            return .stringEnum(values.map { EnumCase(name: "", rawValue: $0) })
        case .declared(.union(let union)):
            return .union(union)
        case .structural(let structural):
            if case .single(let member) = structural, member.isObject, try document.referenceTarget(of: member) == nil {
                // A one-member composition is that member (`allOf: [{…}]`, `anyOf: [{…}, {type: null}]`): the
                // component is declared as the member itself, not as an alias of a second type of its name.
                if declaration.doc == nil { declaration.doc = try member.text("description") }
                return try body(for: member, declaration: declaration)
            }
            // An array, dictionary or scalar component is a typealias; a typealias cannot nest
            // types, so inline element schemas become top-level models of their own.
            return .alias(try mapStructural(structural, hint: .named(declaration.name), scope: .model).type)
        }
    }

    /// Maps a schema that is not a reference.
    private mutating func mapInline(
        _ node: SpecNode, hint: NameHint, scope: DeclarationScope
    ) throws(CodegenError) -> MappedSchema {
        let nullable = try isNullable(node, followingReferences: false)
        var result: MappedSchema
        switch try shape(of: node) {
        case .declared(.object(let object)):
            let declaration = newDeclaration(hint.direct, node: node, scope: scope)
            declaration.doc = try node.text("description")
            declaration.body = .structure(try properties(of: object, in: declaration))
            result = MappedSchema(type: .declaration(declaration), isNullable: false)
        case .declared(.stringEnum(let values)):
            let declaration = newDeclaration(hint.direct, node: node, scope: scope)
            declaration.doc = try node.text("description")
            declaration.body = .stringEnum(values.map { EnumCase(name: "", rawValue: $0) })
            result = MappedSchema(type: .declaration(declaration), isNullable: false)
        case .declared(.union(let union)):
            let declaration = newDeclaration(hint.direct, node: node, scope: scope)
            declaration.doc = try node.text("description")
            declaration.body = .union(union)
            result = MappedSchema(type: .declaration(declaration), isNullable: false)
        case .structural(let structural):
            result = try mapStructural(structural, hint: hint, scope: scope)
        }
        result.isNullable = result.isNullable || nullable
        return result
    }

    /// Maps the shapes that need no declaration of their own: scalars, arrays, dictionaries
    /// and single-member compositions.
    private mutating func mapStructural(
        _ kind: StructuralShape, hint: NameHint, scope: DeclarationScope
    ) throws(CodegenError) -> MappedSchema {
        switch kind {
        case .scalar(let type):
            return MappedSchema(type: type, isNullable: false)
        case .array(let items):
            guard let items else { return MappedSchema(type: .array(.anyValue), isNullable: false) }
            let element = try map(items, hint: hint.forItems, scope: scope)
            return MappedSchema(
                type: .array(element.isNullable ? .optional(element.type) : element.type), isNullable: false)
        case .dictionary(let values):
            guard let values else { return MappedSchema(type: .dictionary(.anyValue), isNullable: false) }
            let value = try map(values, hint: hint.forValues, scope: scope)
            return MappedSchema(
                type: .dictionary(value.isNullable ? .optional(value.type) : value.type), isNullable: false)
        case .single(let member):
            return try map(member, hint: hint, scope: scope)
        }
    }

    private mutating func newDeclaration(_ name: String, node: SpecNode, scope: DeclarationScope) -> Declaration {
        switch scope {
        case .operationFile(let fileKey, let operationID):
            let declaration = Declaration(name: name, pointer: node.pointer, role: .operation)
            declaration.fileKey = fileKey
            declaration.operationID = operationID
            operationDeclarations.append(declaration)
            return declaration
        case .nested(let parent):
            let declaration = Declaration(name: name, pointer: node.pointer, role: .nested)
            parent.addNested(declaration)
            return declaration
        case .model:
            let declaration = Declaration(name: name, pointer: node.pointer, role: .component)
            looseModels.append(declaration)
            return declaration
        }
    }

    /// Warns about something left out of `declaration`, and notes it there for the generated file.
    mutating func drop(_ warning: CodegenWarning, from declaration: Declaration) {
        warn(warning)
        declaration.notes.append("\(warning.message) (#\(warning.pointer))")
    }

    /// Adds a top-level declaration of an operation file that the mapper did not create itself
    /// (an endpoint's error enum or a typealias).
    mutating func register(_ declaration: Declaration) {
        operationDeclarations.append(declaration)
    }
}
