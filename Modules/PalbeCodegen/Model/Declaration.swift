/// A named type the generator emits: a model struct, a string enum, a typealias, a
/// discriminated union, or an endpoint's error enum.
///
/// A class, because the graph of declarations is built while schemas are still being read
/// (a schema may refer to itself) and later passes mark direction and recursion in place.
final class Declaration {
    enum Body {
        /// Placeholder while the schema is being read.
        case pending
        case structure([Property])
        case stringEnum([EnumCase])
        case alias(TypeRef)
        case union(Union)
        case errorEnum([ErrorCase])
    }

    /// Where the declaration lives and which emission rules apply.
    enum Role {
        /// A component schema: its own file.
        case component
        /// A per-operation type (input, response, query, headers, error enum): the operation's file.
        case operation
        /// Nested inside ``Declaration/parent``.
        case nested
    }

    var name: String
    let pointer: JSONPointer
    let role: Role
    var body: Body = .pending
    var doc: String?
    /// What the generator left out of this declaration, each also a warning: emitted as
    /// `// codegen: <note>` lines above it, so the generated file says so too.
    var notes: [String] = []
    /// The operation file a per-operation declaration belongs to.
    var fileKey: String?
    /// The operation a per-operation declaration belongs to.
    var operationID: String?
    private(set) weak var parent: Declaration?
    private(set) var nestedDeclarations: [Declaration] = []
    /// Reached from a request body, so optional nullable properties become `Nullable<T>?`.
    var isInput = false
    /// A query or header struct: nulls cannot travel there, so properties are plain optionals.
    var isParameterSet = false
    /// A header struct: not `Codable`; it renders its fields into `[String: String]`.
    var isHeaderSet = false
    /// An error payload: `let` properties and no initializer, as the SDK only decodes it.
    var isErrorPayload = false
    /// Part of a cycle of values stored inline: emitted as a final class (or indirect enum).
    var isRecursive = false

    init(name: String, pointer: JSONPointer, role: Role) {
        self.name = name
        self.pointer = pointer
        self.role = role
    }

    func addNested(_ declaration: Declaration) {
        declaration.parent = self
        nestedDeclarations.append(declaration)
    }

    /// What a typealias's target needs imported, remembered by ``TypeRef/imports`` once emission asks.
    var aliasImports: TypeImports?

    /// The alias target, when the declaration is a typealias.
    var aliasTarget: TypeRef? {
        if case .alias(let target) = body { return target }
        return nil
    }

    var properties: [Property] {
        if case .structure(let properties) = body { return properties }
        return []
    }

    /// Every type this declaration's body mentions.
    var referencedTypes: [TypeRef] {
        switch body {
        case .pending, .stringEnum: []
        case .structure(let properties): properties.map(\.type)
        case .alias(let target): [target]
        case .union(let union): union.cases.map { .declaration($0.type) }
        case .errorEnum(let cases): cases.compactMap { $0.payload.map { .declaration($0) } }
        }
    }
}
