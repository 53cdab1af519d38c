/// How a path or header value of a scalar type becomes text.
enum TextConversion {
    static func expression(for type: TypeRef, value: String) -> String {
        switch type.unaliased {
        case .string: value
        case .int, .double, .bool: "String(\(value))"
        case .declaration(let declaration):
            if case .stringEnum = declaration.body { "\(value).rawValue" } else { "String(describing: \(value))" }
        case .date, .anyValue, .array, .dictionary, .optional: "String(describing: \(value))"
        }
    }
}
