/// What an inline schema's declaration is called, depending on where the schema sits.
///
/// - A property's inline object or string enum is nested in the struct as `<Property>Value`
///   (`kind` → `KindValue`), the element of an array property as `<Property>Item`.
/// - A top-level inline schema takes the name of its role (`TodosCreateInput`), its array
///   elements `<Role>Item` and its dictionary values `<Role>Value`.
struct NameHint {
    private let stem: String
    private let suffix: String

    /// The name of a declaration for the schema itself.
    var direct: String { stem + suffix }

    /// The hint for the elements of an array schema.
    var forItems: NameHint { NameHint(stem: stem, suffix: "Item") }

    /// The hint for the values of a dictionary schema.
    var forValues: NameHint { NameHint(stem: stem, suffix: "Value") }

    /// The hint for a property's schema, nested in its struct.
    static func property(_ wireKey: String) -> NameHint {
        let stem = Identifier.upperCamel(wireKey)
        return NameHint(stem: stem.isEmpty ? "Property" : stem, suffix: "Value")
    }

    /// The hint for a schema whose declaration has a fixed name (`TodosCreateInput`).
    static func named(_ name: String) -> NameHint {
        NameHint(stem: name, suffix: "")
    }
}
