/// A parameter of an operation after `$ref` resolution and path-level merging.
struct ParameterInfo {
    enum Location: String {
        case path, query, header, cookie
    }

    let name: String
    let location: Location
    let isRequired: Bool
    /// The schema, `nil` when the parameter declares none (it is then a string).
    let schema: SpecNode?
    let doc: String?
    let pointer: JSONPointer
    let style: String?
    let explode: Bool?

    /// Reads the parameter at `node` (resolved).
    init(_ node: SpecNode) throws(CodegenError) {
        guard let name = try node.string("name"), !name.isEmpty else { throw node.invalid("a parameter needs a name") }
        guard let location = try node.string("in") else { throw node.invalid("a parameter needs \"in\"") }
        guard let parsed = Location(rawValue: location) else {
            throw node.invalid("parameter location \"\(location)\" is not path, query, header or cookie")
        }
        self.name = name
        self.location = parsed
        isRequired = try node.bool("required") ?? false || parsed == .path
        doc = try node.text("description")
        pointer = node.pointer
        style = try node.string("style")
        explode = try node.bool("explode")
        if let schema = try node.object("schema") {
            self.schema = schema
        } else if let content = try node.object("content") {
            // `content` instead of `schema`: take the first media type's schema.
            self.schema = try content.members().first.flatMap { member throws(CodegenError) in
                try member.node.object("schema")
            }
        } else {
            schema = nil
        }
    }
}
