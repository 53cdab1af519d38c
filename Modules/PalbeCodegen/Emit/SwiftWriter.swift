/// Builds Swift source text line by line, with indentation and at most one blank line in a row.
struct SwiftWriter {
    private(set) var text = ""
    private var depth = 0
    private var lastLineBlank = true
    /// Set when the written code spells `Date`, so the file imports Foundation.
    var usesFoundation = false
    /// Set when the written code spells `AnyCodableValue` or `Nullable`, so the file imports
    /// ``CodegenOptions/valueTypesModule``.
    var usesValueTypes = false

    init() {}

    var indent: String { String(repeating: "    ", count: depth) }

    /// One line at the current indentation. Spec text reaches comments (descriptions, ids,
    /// paths), so a raw line break in `content` becomes a space: it could otherwise end a
    /// comment and turn the rest of the text into code.
    mutating func line(_ content: String) {
        text += indent
        if content.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) {
            let flattened = String(
                String.UnicodeScalarView(content.unicodeScalars.map { $0 == "\n" || $0 == "\r" ? " " : $0 }))
            var trimmed = Substring(flattened)
            while trimmed.last == " " { trimmed.removeLast() }
            text += trimmed
        } else {
            text += content
        }
        text += "\n"
        lastLineBlank = false
    }

    /// A `//` comment line (`text` starts with `//`) whose line breaks and other control characters (which a
    /// document's keys and ids may hold) are written as escapes, so it says exactly what it holds and nothing
    /// after them becomes code.
    mutating func comment(_ text: String) {
        func endsTheLine(_ scalar: Unicode.Scalar) -> Bool {
            scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}"
        }
        guard text.unicodeScalars.contains(where: endsTheLine) else { return line(text) }
        var escaped = ""
        for scalar in text.unicodeScalars {
            if endsTheLine(scalar) {
                escaped += scalar.escaped(asASCII: true)
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
        line(escaped)
    }

    /// A blank line, unless the previous line is blank or the text (or block) just began.
    mutating func blank() {
        guard !lastLineBlank else { return }
        text += "\n"
        lastLineBlank = true
    }

    /// `///` lines for `text` (nothing for `nil`).
    mutating func doc(_ text: String?) {
        for line in SwiftLiteral.docLines(text, indent: indent) {
            self.text += line + "\n"
            lastLineBlank = false
        }
    }

    /// `header {`, the body one level deeper, then `}`.
    mutating func block(_ header: String, _ body: (inout SwiftWriter) -> Void) {
        line(header + " {")
        depth += 1
        lastLineBlank = true
        body(&self)
        depth -= 1
        line("}")
    }

    /// `switch subject {` with its `case` lines at the same depth, as Swift style has them.
    mutating func switchBlock(_ subject: String, _ body: (inout SwiftWriter) -> Void) {
        line("switch \(subject) {")
        lastLineBlank = true
        body(&self)
        line("}")
    }

    /// Notes the types a declaration spells, for the Foundation import.
    mutating func note(_ type: TypeRef) {
        if type.usesFoundation { usesFoundation = true }
        if type.usesValueTypes { usesValueTypes = true }
    }

    /// Notes a property's spelled type (`Nullable<…>` comes from the property, not its schema).
    mutating func note(spelled type: String) {
        if type.hasPrefix("Nullable<") { usesValueTypes = true }
    }
}
