/// What a schema (not a reference) turns into, before any Swift is chosen.
enum Shape {
    /// Needs a declaration of its own.
    case declared(DeclaredShape)
    /// Spelled with standard types around other schemas.
    case structural(StructuralShape)
}

enum DeclaredShape {
    case object(ObjectShape)
    case stringEnum([String])
    case union(Union)
}

enum StructuralShape {
    case scalar(TypeRef)
    /// An array; `nil` items means `[AnyCodableValue]`.
    case array(SpecNode?)
    /// `additionalProperties` without properties; `nil` values means `[String: AnyCodableValue]`.
    case dictionary(SpecNode?)
    /// A composition with one meaningful member (`allOf: [{$ref}]`, `oneOf: [{$ref}, {type: null}]`).
    case single(SpecNode)
}
