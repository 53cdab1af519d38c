import ErrorCore

/// The properties of an object schema, `allOf` members merged in.
///
/// Keys are exact (``ExactString``): two that differ only in Unicode normalization are two
/// properties here, and the name pass then reports that they would get one Swift name.
struct ObjectShape {
    private(set) var properties: [(key: String, node: SpecNode)] = []
    var required: Set<ExactString> = []
    /// What the schema says that the generated type leaves out (extra keys beside the properties),
    /// warned about and noted on the declaration once it exists.
    var dropped: [CodegenWarning] = []
    /// Where each key sits in `properties`.
    private var positions: [ExactString: Int] = [:]

    /// Adds or replaces a property; a replaced one keeps its position.
    mutating func add(_ key: String, _ node: SpecNode) {
        let exact = ExactString(key)
        if let index = positions[exact] {
            properties[index] = (key, node)
        } else {
            positions[exact] = properties.count
            properties.append((key, node))
        }
    }

    /// Whether `key` is listed in `required`.
    func isRequired(_ key: String) -> Bool {
        required.contains(ExactString(key))
    }
}
