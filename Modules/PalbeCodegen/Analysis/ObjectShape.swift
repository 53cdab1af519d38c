/// The properties of an object schema, `allOf` members merged in.
struct ObjectShape {
    var properties: [(key: String, node: SpecNode)] = []
    var required: Set<String> = []

    /// Adds or replaces a property; a replaced one keeps its position.
    mutating func add(_ key: String, _ node: SpecNode) {
        if let index = properties.firstIndex(where: { $0.key == key }) {
            properties[index] = (key, node)
        } else {
            properties.append((key, node))
        }
    }
}
