/// Turns names from the spec (operation ids, error codes, enum values, schema names) into Swift
/// identifiers.
///
/// The rules, which the module documentation repeats for users:
/// - Words are split at every character that cannot appear in an identifier (`_`, `-`, `.`,
///   spaces) and kept as written otherwise: `todo_locked` → `todoLocked`, `getURL` → `getURL`.
/// - A word written entirely in capitals is lowercased first (`NOT_FOUND` → `notFound`,
///   `HTTPS` → `https`), and a leading run of capitals becomes lowercase in lowerCamelCase
///   (`URLPath` → `urlPath`, `Todos` → `todos`).
/// - A name that would start with a digit gets a leading `_` (`2fa` → `_2fa`); a `_` also stays
///   between two words when one ends and the next starts with a digit (`v2025.0` → `v2025_0`).
/// - Keywords are escaped with backticks where they are declared and used (`` `public` ``).
enum Identifier {
    /// lowerCamelCase of `name`; `""` when `name` has no identifier characters at all.
    static func lowerCamel(_ name: String) -> String {
        let words = splitWords(name)
        guard let first = words.first else { return "" }
        let head = lowercasingLeadingCapitals(normalizedWord(first))
        let rest = words.dropFirst().map { capitalizingFirst(normalizedWord($0)) }
        return prefixedIfDigit(joined([head] + rest))
    }

    /// UpperCamelCase of `name`; `""` when `name` has no identifier characters at all.
    static func upperCamel(_ name: String) -> String {
        let words = splitWords(name)
        guard !words.isEmpty else { return "" }
        return prefixedIfDigit(joined(words.map { capitalizingFirst(normalizedWord($0)) }))
    }

    /// The words run together, except that a `_` stays between a digit and a digit (`v2025.0` →
    /// `v2025_0`, not `v20250`), where running them together would merge two numbers into one.
    private static func joined(_ words: [String]) -> String {
        var result = ""
        for word in words {
            if let last = result.last, last.isASCII, last.isNumber, let first = word.first, first.isASCII,
                first.isNumber
            {
                result += "_"
            }
            result += word
        }
        return result
    }

    /// `name` in backticks when it is a keyword, otherwise unchanged.
    static func escaped(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// Whether `name` is usable as a Swift identifier once escaped: a letter or `_` first,
    /// then letters, digits and `_`.
    static func isValid(_ name: String) -> Bool {
        guard let first = name.first, first == "_" || first.isLetter else { return false }
        return name.allSatisfy(isIdentifierCharacter) && name != "_"
    }

    /// Names that cannot be a property or parameter even in backticks, because they shadow
    /// `self` inside initializers; the generator appends `_` to them.
    static let unusableAsValueName: Set<String> = ["self"]

    static func isIdentifierCharacter(_ character: Character) -> Bool {
        if let ascii = character.asciiValue {
            // The common case without Unicode property lookups.
            return ascii == UInt8(ascii: "_")
                || (ascii | 0x20 >= UInt8(ascii: "a") && ascii | 0x20 <= UInt8(ascii: "z"))
                || (ascii >= UInt8(ascii: "0") && ascii <= UInt8(ascii: "9"))
        }
        return character.isLetter
    }

    private static func splitWords(_ name: String) -> [Substring] {
        name.split(whereSeparator: { !isIdentifierCharacter($0) || $0 == "_" })
    }

    private static func normalizedWord(_ word: Substring) -> String {
        var letters = 0
        var allUppercase = true
        for character in word where character.isLetter {
            letters += 1
            if !character.isUppercase {
                allUppercase = false
                break
            }
        }
        return letters > 1 && allUppercase ? word.lowercased() : String(word)
    }

    private static func lowercasingLeadingCapitals(_ word: String) -> String {
        let characters = Array(word)
        var end = 0
        while end < characters.count, characters[end].isUppercase { end += 1 }
        // Keep the last capital of a run when a lowercase letter follows: "URLPath" → "urlPath".
        if end > 1, end < characters.count, characters[end].isLowercase { end -= 1 }
        if end == 0 { return word }
        return String(characters[..<end]).lowercased() + String(characters[end...])
    }

    private static func capitalizingFirst(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst()
    }

    private static func prefixedIfDigit(_ name: String) -> String {
        guard let first = name.first, ("0"..."9").contains(first) else { return name }
        return "_" + name
    }

    /// Words that need backticks to be used as a name.
    static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "operator", "private", "precedencegroup", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw",
        "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws",
        "true", "try", "Type", "Protocol", "_",
    ]
}
