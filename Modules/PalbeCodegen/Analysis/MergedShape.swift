/// What one schema merges to as an `allOf` member, remembered by ``SchemaMapper``.
struct MergedShape {
    /// Its properties and `allOf` members' properties, merged; `nil` when one of them is not an
    /// object schema (the whole `allOf` then falls back to `AnyCodableValue`).
    let shape: ObjectShape?
    /// How many `allOf` levels merging it descends below itself.
    let height: Int
}
