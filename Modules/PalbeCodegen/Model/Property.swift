/// A stored property of a generated struct.
struct Property {
    /// The key on the wire (`created_at`), or the header name for a header struct.
    let wireKey: String
    /// The Swift name, unescaped (`createdAt`); set by ``NamePass``.
    var name: String = ""
    /// The raw value of an explicit coding key when the Swift name cannot be the key the SDK
    /// coders expect (`"@type"`, `"content-type"`); `nil` when synthesized keys work.
    var codingKey: String?
    /// The type without the property's own optionality.
    let type: TypeRef
    let isRequired: Bool
    let isNullable: Bool
    let doc: String?
    let pointer: JSONPointer
}
