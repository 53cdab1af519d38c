/// Spells Swift source fragments that carry text from the spec.
enum SwiftLiteral {
    /// `text` as a Swift string literal, with quotes, backslashes and control characters
    /// escaped, so a code or path segment from the spec can never break out of the literal.
    static func string(_ text: String) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case let control where control.value < 0x20 || control.value == 0x7F:
                output += "\\u{\(String(control.value, radix: 16))}"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output + "\""
    }

    /// The lines of a `///` doc comment for `text` at `indent`: blank lines kept, trailing
    /// whitespace trimmed, every line break (`\r\n`, `\r`, `\n`) honoured. Empty for no text.
    static func docLines(_ text: String?, indent: String) -> [String] {
        guard let text else { return [] }
        let normalized =
            text.unicodeScalars.contains("\r") ? text.replacing("\r\n", with: "\n").replacing("\r", with: "\n") : text
        var lines = normalized.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var trimmed = Substring(line)
            while let last = trimmed.utf8.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") {
                trimmed.removeLast()
            }
            return String(trimmed)
        }
        while lines.first?.isEmpty == true { lines.removeFirst() }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.map { $0.isEmpty ? indent + "///" : indent + "/// " + $0 }
    }
}
