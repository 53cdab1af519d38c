extension ExactJSON {
    /// Compact JSON text with object keys in their stored order and every number as it was written.
    package var jsonText: String {
        var output = ""
        write(to: &output, sortingKeys: false)
        return output
    }

    /// Compact JSON text with object keys sorted by UTF-16 code units, exactly as
    /// ``AnyCodableValue/jsonText`` writes (so the two agree byte for byte on the same value), but
    /// with every number as it was written rather than as a `Double` prints.
    package var sortedJSONText: String {
        var output = ""
        write(to: &output, sortingKeys: true)
        return output
    }

    private func write(to output: inout String, sortingKeys: Bool) {
        switch self {
        case .null: output += "null"
        case .bool(let bool): output += bool ? "true" : "false"
        case .number(let text): output += text
        case .string(let string): AnyCodableValue.writeQuoted(string, to: &output)
        case .array(let elements):
            output += "["
            for (offset, element) in elements.enumerated() {
                if offset > 0 { output += "," }
                element.write(to: &output, sortingKeys: sortingKeys)
            }
            output += "]"
        case .object(let object):
            output += "{"
            var entries = object.entries
            if sortingKeys {
                // Stable, so keys that differ only in normalization keep their document order.
                entries.sort { AnyCodableValue.utf16Precedes($0.key, $1.key) }
            }
            for (offset, entry) in entries.enumerated() {
                if offset > 0 { output += "," }
                AnyCodableValue.writeQuoted(entry.key, to: &output)
                output += ":"
                entry.value.write(to: &output, sortingKeys: sortingKeys)
            }
            output += "}"
        }
    }
}
