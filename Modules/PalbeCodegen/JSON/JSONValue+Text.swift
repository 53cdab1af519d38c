import ErrorCore

extension JSONValue {
    /// Compact JSON text with object keys in their stored order.
    var jsonText: String {
        var output = ""
        write(to: &output)
        return output
    }

    private func write(to output: inout String) {
        switch self {
        case .null: output += "null"
        case .bool(let bool): output += bool ? "true" : "false"
        case .number(let text): output += text
        case .string(let string): AnyCodableValue.writeQuoted(string, to: &output)
        case .array(let elements):
            output += "["
            for (offset, element) in elements.enumerated() {
                if offset > 0 { output += "," }
                element.write(to: &output)
            }
            output += "]"
        case .object(let object):
            output += "{"
            for (offset, entry) in object.entries.enumerated() {
                if offset > 0 { output += "," }
                AnyCodableValue.writeQuoted(entry.key, to: &output)
                output += ":"
                entry.value.write(to: &output)
            }
            output += "}"
        }
    }
}
