/// Word wrapping for help text, counted in `Character`s (help text is ASCII-minded; a wide
/// glyph may overrun by a column, which is acceptable for help).
enum TextWrapper {
    /// `text` wrapped into lines of at most `width` characters; a word longer than `width` is
    /// split, so no line ever exceeds it.
    static func wrap(_ text: String, width: Int) -> [String] {
        let width = max(1, width)
        var lines: [String] = []
        var line = ""
        for word in text.split(whereSeparator: \.isWhitespace).flatMap({ chunks(String($0), width: width) }) {
            if line.isEmpty {
                line = word
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = word
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// Free text laid out for help: blank lines separate paragraphs, which are re-wrapped;
    /// lines that start with whitespace (examples) are kept as written, only split if too long.
    static func layOut(_ text: String, width: Int) -> [String] {
        var output: [String] = []
        var paragraph: [String] = []
        func flush() {
            if !paragraph.isEmpty { output += wrap(paragraph.joined(separator: " "), width: width) }
            paragraph = []
        }
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = String(rawLine)
            if line.allSatisfy(\.isWhitespace) {
                flush()
                if output.last != "" { output.append("") }
            } else if line.first?.isWhitespace == true {
                flush()
                output += chunks(line, width: max(1, width))
            } else {
                paragraph.append(line)
            }
        }
        flush()
        while output.last == "" { output.removeLast() }
        while output.first == "" { output.removeFirst() }
        return output
    }

    /// Packs `tokens` into lines of at most `width`, never splitting a token unless it alone is
    /// too long; lines after the first start with `indent` spaces.
    static func pack(_ tokens: [String], width: Int, indent: Int) -> [String] {
        let padding = String(repeating: " ", count: indent)
        var lines: [String] = []
        var line = ""
        for token in tokens {
            let prefix = lines.isEmpty && line.isEmpty ? "" : padding
            if line.isEmpty {
                line = prefix + token
            } else if line.count + 1 + token.count <= width {
                line += " " + token
            } else {
                lines.append(line)
                line = padding + token
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines.flatMap { chunks($0, width: width) }
    }

    /// `word` cut into pieces of at most `width` characters.
    private static func chunks(_ word: String, width: Int) -> [String] {
        guard word.count > width else { return [word] }
        var pieces: [String] = []
        var rest = Substring(word)
        while !rest.isEmpty {
            pieces.append(String(rest.prefix(width)))
            rest = rest.dropFirst(width)
        }
        return pieces
    }
}
