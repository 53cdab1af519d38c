/// A stored property of a generated struct.
struct Property {
    /// The key on the wire (`created_at`), or the header name for a header struct.
    let wireKey: String
    /// The Swift name, unescaped (`createdAt`); set by ``NamePass``.
    var name: String = ""
    /// The raw value of an explicit coding key when the Swift name cannot be the key the SDK
    /// coders expect (`"@type"`, `"content-type"`); `nil` when synthesized keys work.
    var codingKey: String?
    /// The key to encode under when the SDK encoder would not write the wire key from the Swift-side
    /// key (`max_requests_per_1_minute` decodes as `maxRequestsPer1Minute`, which encodes as
    /// `max_requests_per1_minute`): the wire key itself, which that encoder leaves as it is. `nil` when
    /// the key round-trips.
    var encodingKey: String?
    /// The type without the property's own optionality.
    let type: TypeRef
    let isRequired: Bool
    let isNullable: Bool
    let doc: String?
    let pointer: JSONPointer
}
