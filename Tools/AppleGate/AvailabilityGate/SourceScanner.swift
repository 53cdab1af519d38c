/// Finds uses of gated declarations in one Swift file, outside comments and string literals and
/// outside a scope that guards them.
///
/// No type checker runs here, so a use is recognised by name (see ``SymbolIndex``):
/// - a member only after a dot (`x.name`, `.name`): a bare word is a local, a parameter or a label;
/// - an unambiguous base name (no unrestricted declaration shares it, in the toolchain or in the scanned
///   sources) is matched wherever it appears as an identifier;
/// - an ambiguous one only when a dotted qualifier before it names the gated declaration's parent type
///   (`Task.immediate`, `FileManager.default.homeDirectoryForCurrentUser`).
///
/// A guard is an `if`/`guard`/`while #available(…)` (the braces that follow it; for `guard`, the rest of
/// its scope) or an `@available(…)` attribute (the declaration it stands on). A guard covers a platform
/// when it names that platform at or above the declaration's version. Not modelled: `#if os(…)` blocks,
/// availability of the enclosing type's conformances, and overloads that differ only by argument types.
struct SourceScanner {
    struct Finding {
        let line: Int
        let column: Int
        let symbol: GatedSymbol
    }

    let index: SymbolIndex

    func findings(in text: String) -> [Finding] {
        let code = Self.codeOnly(Array(text.utf8))
        let tokens = Self.tokens(code)
        var findings: [Finding] = []
        // Each open brace's guard (what it adds), innermost last.
        var scopes: [[Platform: PlatformVersion]] = [[:]]
        // A guard waiting for its braces: `if #available(…) {`, `@available(…) func f() {`.
        var pending: (versions: [Platform: PlatformVersion], declarations: Int, isAttribute: Bool)?
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            switch token.text {
            case "{":
                scopes.append(pending?.versions ?? [:])
                pending = nil
            case "}":
                if scopes.count > 1 { scopes.removeLast() }
            case "#available", "@available":
                let (versions, end) = Self.versions(tokens, from: index + 1)
                if token.text == "#available", index > 0, tokens[index - 1].text == "guard" {
                    // The rest of this scope.
                    scopes[scopes.count - 1].merge(versions) { max($0, $1) }
                } else {
                    pending = (versions, 0, token.text == "@available")
                }
                index = end
                continue
            case "func", "var", "let", "init", "struct", "class", "enum", "extension", "protocol", "actor",
                "subscript", "case", "typealias":
                if let current = pending, current.isAttribute {
                    // A second declaration before any brace: the attribute's declaration had no body.
                    pending = current.declarations == 0 ? (current.versions, 1, true) : nil
                }
            default:
                if let symbol = gatedInitializer(tokens, at: index),
                    !Self.isCovered(symbol, by: guards(scopes, pending?.versions))
                {
                    findings.append(Finding(line: token.line, column: token.column, symbol: symbol))
                    break
                }
                guard token.isIdentifier, let candidates = self.index.gated[token.text] else { break }
                let guards = guards(scopes, pending?.versions)
                let qualifiers = Self.qualifiers(tokens, before: index)
                let ambiguous = self.index.unrestricted.contains(token.text)
                let isMemberAccess = index > 0 && tokens[index - 1].text == "."
                for symbol in candidates {
                    // A member is reached through a dot (`x.name`, `.name`); a bare word of that spelling is
                    // a local, a parameter or a label.
                    if symbol.parent != nil && !isMemberAccess { continue }
                    if ambiguous {
                        guard let parent = symbol.parent, qualifiers.contains(parent) else { continue }
                    } else if let parent = symbol.parent, !qualifiers.isEmpty, !qualifiers.contains(parent),
                        qualifiers.first?.first?.isUppercase == true
                    {
                        continue  // `OtherType.name`: another type's member of the same name
                    }
                    guard !Self.isCovered(symbol, by: guards) else { continue }
                    guard Self.labelsMayMatch(symbol, tokens, at: index) else { continue }
                    findings.append(Finding(line: token.line, column: token.column, symbol: symbol))
                    break
                }
            }
            index += 1
        }
        return findings
    }

    /// Names the file declares (`func x`, `case a, b`, `var y`…): never gated, whatever the toolchain says.
    static func declaredNames(in text: String) -> Set<String> {
        let tokens = tokens(codeOnly(Array(text.utf8)))
        var names: Set<String> = []
        let keywords: Set<String> = [
            "func", "var", "let", "struct", "class", "enum", "protocol", "actor", "typealias", "case",
            "associatedtype",
        ]
        for (position, token) in tokens.enumerated() where keywords.contains(token.text) {
            var next = position + 1
            while next < tokens.count, tokens[next].isIdentifier {
                names.insert(tokens[next].text)
                // `case a, b` and `let (a, b)` list several.
                guard next + 2 < tokens.count, tokens[next + 1].text == "," else { break }
                next += 2
            }
        }
        return names
    }

    // MARK: - Initializer calls

    /// The gated initializer a call at `index` reaches: `Type(label: …)` or `Type.init(label: …)`, matched
    /// by the type's name and the call's argument labels. A call that an unrestricted initializer of the
    /// same labels could also answer is not reported (the overloads differ by argument types only).
    private func gatedInitializer(_ tokens: [Token], at index: Int) -> GatedSymbol? {
        let token = tokens[index]
        let typeName: String
        if token.text == "init", index >= 2, tokens[index - 1].text == ".", tokens[index - 2].isIdentifier {
            typeName = tokens[index - 2].text
        } else if token.isIdentifier, token.text.first?.isUppercase == true,
            index == 0 || ![".", "func", "case", "enum", "struct", "class", "actor"].contains(tokens[index - 1].text)
        {
            typeName = token.text
        } else {
            return nil
        }
        guard index + 1 < tokens.count, tokens[index + 1].text == "(",
            let candidates = self.index.initializers[typeName]
        else { return nil }
        let (labels, trailingClosure) = Self.callLabels(tokens, open: index + 1)
        func answers(_ initializer: SymbolIndex.Initializer) -> Bool {
            if initializer.labels == labels { return true }
            // Trailing closures fill the last parameters.
            return trailingClosure && initializer.labels.count > labels.count
                && Array(initializer.labels.prefix(labels.count)) == labels
        }
        let answering = candidates.filter(answers)
        guard answering.allSatisfy({ $0.gated != nil }) else { return nil }
        return answering.first?.gated
    }

    /// Whether a call at `index` could reach the gated function `symbol`, judged by labels: its argument
    /// labels must appear, in order, among the function's (arguments with defaults may be left out). A use
    /// that is not a call (a property, a function reference) always may.
    /// `center.addObserver(forName:object:queue:) { … }` is not the iOS 18 `addObserver(of:for:using:)`.
    private static func labelsMayMatch(_ symbol: GatedSymbol, _ tokens: [Token], at index: Int) -> Bool {
        guard index + 1 < tokens.count, tokens[index + 1].text == "(",
            let open = symbol.title.firstIndex(of: "("), symbol.title.hasSuffix(")")
        else { return true }
        let declared = symbol.title[symbol.title.index(after: open)..<symbol.title.index(before: symbol.title.endIndex)]
            .split(separator: ":", omittingEmptySubsequences: true).map(String.init)
        var remaining = declared[...]
        for label in callLabels(tokens, open: index + 1).labels {
            guard let found = remaining.firstIndex(of: label) else { return false }
            remaining = remaining[remaining.index(after: found)...]
        }
        return true
    }

    /// The argument labels of the call whose `(` is at `open` (`_` for an unlabelled argument), and whether
    /// a trailing closure follows its `)`.
    private static func callLabels(_ tokens: [Token], open: Int) -> (labels: [String], trailingClosure: Bool) {
        var labels: [String] = []
        var depth = 0
        var index = open
        var argumentStart = true
        while index < tokens.count {
            let text = tokens[index].text
            if ["(", "[", "{"].contains(text) {
                depth += 1
                if depth == 1 {
                    index += 1
                    continue
                }
            } else if [")", "]", "}"].contains(text) {
                depth -= 1
                if depth == 0 { break }
            }
            if depth == 1 {
                if argumentStart {
                    let labelled =
                        tokens[index].isIdentifier && index + 1 < tokens.count && tokens[index + 1].text == ":"
                    labels.append(labelled ? text : "_")
                    argumentStart = false
                }
                if text == "," { argumentStart = true }
            }
            index += 1
        }
        let trailingClosure = index + 1 < tokens.count && tokens[index + 1].text == "{"
        return (labels, trailingClosure)
    }

    // MARK: - Guards

    /// What the open scopes and a pending guard cover, together.
    private func guards(
        _ scopes: [[Platform: PlatformVersion]], _ pending: [Platform: PlatformVersion]?
    )
        -> [Platform: PlatformVersion]
    {
        var guards: [Platform: PlatformVersion] = [:]
        for scope in scopes + [pending ?? [:]] { guards.merge(scope) { max($0, $1) } }
        return guards
    }

    private static func isCovered(_ symbol: GatedSymbol, by guards: [Platform: PlatformVersion]) -> Bool {
        symbol.restrictions.allSatisfy { platform, restriction in
            switch restriction {
            case .unavailable: false
            case .introduced(let version): guards[platform].map { $0 >= version } ?? false
            }
        }
    }

    /// The platform versions of the parenthesised list starting at `start` (`(iOS 18, macOS 15.0, *)`,
    /// `(macOS, introduced: 15)`), and the index after its closing parenthesis.
    private static func versions(_ tokens: [Token], from start: Int) -> ([Platform: PlatformVersion], Int) {
        guard start < tokens.count, tokens[start].text == "(" else { return ([:], start) }
        var versions: [Platform: PlatformVersion] = [:]
        var depth = 0
        var index = start
        var current: Platform?
        while index < tokens.count {
            let text = tokens[index].text
            if text == "(" { depth += 1 }
            if text == ")" {
                depth -= 1
                if depth == 0 { return (versions, index + 1) }
            }
            if text == "," { current = nil }
            if let platform = Platform(rawValue: text) {
                current = platform
            } else if let platform = current, let version = PlatformVersion(text), text.first?.isNumber == true {
                versions[platform] = version
                current = nil
            }
            index += 1
        }
        return (versions, index)
    }

    /// The identifiers of the dotted chain right before `index` (`FileManager.default.` → both).
    private static func qualifiers(_ tokens: [Token], before index: Int) -> [String] {
        var names: [String] = []
        var position = index - 1
        while position >= 1, tokens[position].text == ".", tokens[position - 1].isIdentifier {
            names.append(tokens[position - 1].text)
            position -= 2
        }
        return names.reversed()
    }

    // MARK: - Tokens

    struct Token {
        let text: String
        let line: Int
        let column: Int
        var isIdentifier: Bool {
            guard let first = text.first else { return false }
            return first.isLetter || first == "_"
        }
    }

    /// Identifiers (with a leading `#` or `@` kept), numbers with dots (`17.4`), and punctuation.
    static func tokens(_ code: [UInt8]) -> [Token] {
        var tokens: [Token] = []
        var line = 1
        var lineStart = 0
        var index = 0
        func isWord(_ byte: UInt8) -> Bool {
            (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte == 0x5F
                || byte >= 0x80
        }
        while index < code.count {
            let byte = code[index]
            if byte == 0x0A {
                line += 1
                lineStart = index + 1
                index += 1
                continue
            }
            if byte == 0x20 || byte == 0x09 || byte == 0x0D {
                index += 1
                continue
            }
            let start = index
            if isWord(byte) || ((byte == 0x23 || byte == 0x40) && index + 1 < code.count && isWord(code[index + 1])) {
                index += 1
                let isNumber = byte >= 0x30 && byte <= 0x39
                while index < code.count,
                    isWord(code[index])
                        || (isNumber && code[index] == 0x2E && index + 1 < code.count && code[index + 1] >= 0x30
                            && code[index + 1] <= 0x39)
                {
                    index += 1
                }
            } else {
                index += 1
            }
            tokens.append(
                Token(
                    text: String(decoding: code[start..<index], as: UTF8.self), line: line,
                    column: start - lineStart + 1))
        }
        return tokens
    }

    /// `source` with every comment and the text of every string literal blanked (newlines kept), so only
    /// code is left, in place. An interpolation `\(…)` inside a string is code and stays.
    static func codeOnly(_ source: [UInt8]) -> [UInt8] {
        var output = source
        var index = 0
        func blank(_ range: Range<Int>) {
            for position in range where output[position] != 0x0A { output[position] = 0x20 }
        }
        while index < source.count {
            let byte = source[index]
            if byte == 0x2F, index + 1 < source.count, source[index + 1] == 0x2F {  // //
                let end = source[index...].firstIndex(of: 0x0A) ?? source.count
                blank(index..<end)
                index = end
            } else if byte == 0x2F, index + 1 < source.count, source[index + 1] == 0x2A {  // /* nested */
                var depth = 0
                var end = index
                while end < source.count {
                    if source[end] == 0x2F, end + 1 < source.count, source[end + 1] == 0x2A {
                        depth += 1
                        end += 2
                    } else if source[end] == 0x2A, end + 1 < source.count, source[end + 1] == 0x2F {
                        depth -= 1
                        end += 2
                        if depth == 0 { break }
                    } else {
                        end += 1
                    }
                }
                blank(index..<end)
                index = end
            } else if byte == 0x22 || (byte == 0x23 && rawStringStart(source, index) != nil) {
                index = skipString(source, from: index, into: &output)
            } else {
                index += 1
            }
        }
        return output
    }

    /// The position of the `"` after one or more `#` at `index`, if a raw string starts there.
    private static func rawStringStart(_ source: [UInt8], _ index: Int) -> Int? {
        var position = index
        while position < source.count, source[position] == 0x23 { position += 1 }
        return position < source.count && source[position] == 0x22 && position > index ? position : nil
    }

    /// Blanks the string literal starting at `start` (a `"` or the `#`s of a raw string) in `output`,
    /// keeping the code of its interpolations; returns the index after it.
    private static func skipString(_ source: [UInt8], from start: Int, into output: inout [UInt8]) -> Int {
        var hashes = 0
        var index = start
        while source[index] == 0x23 {
            hashes += 1
            index += 1
        }
        let multiline = index + 2 < source.count && source[index + 1] == 0x22 && source[index + 2] == 0x22
        let quotes = multiline ? 3 : 1
        index += quotes
        while index < source.count {
            let byte = source[index]
            if byte == 0x5C {  // backslash
                var next = index + 1
                var marks = 0
                while marks < hashes, next < source.count, source[next] == 0x23 {
                    marks += 1
                    next += 1
                }
                if marks == hashes, next < source.count, source[next] == 0x28 {  // \( … ): code
                    var depth = 1
                    var end = next + 1
                    while end < source.count, depth > 0 {
                        if source[end] == 0x28 { depth += 1 }
                        if source[end] == 0x29 { depth -= 1 }
                        end += 1
                    }
                    index = end
                    continue
                }
                if output[index] != 0x0A { output[index] = 0x20 }
                if next < source.count, marks == hashes, output[next] != 0x0A { output[next] = 0x20 }
                index = marks == hashes ? next + 1 : index + 1
                continue
            }
            if byte == 0x22 {
                var run = 0
                while index + run < source.count, source[index + run] == 0x22, run < quotes { run += 1 }
                if run == quotes {
                    var marks = 0
                    while marks < hashes, index + run + marks < source.count, source[index + run + marks] == 0x23 {
                        marks += 1
                    }
                    if marks == hashes { return index + run + marks }
                }
            }
            if !multiline, byte == 0x0A { return index }  // an unterminated single-line string
            if output[index] != 0x0A { output[index] = 0x20 }
            index += 1
        }
        return index
    }
}
