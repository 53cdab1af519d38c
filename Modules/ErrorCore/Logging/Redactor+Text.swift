import Foundation

extension Redactor {
    /// `text` with the value after every sensitive name masked, for bodies that are not JSON
    /// (form bodies, truncated or broken JSON, log text).
    ///
    /// A name is a run of letters, digits, `_`, `-`, `.`, `[` and `]` (so `card[number]` and
    /// `card.number` are one name), optionally quoted (`"`, `'`, or `\"` inside a JSON string),
    /// followed by `:` or `=`. The value masked is a quoted string up to its
    /// closing quote (or the end of the text when it never closes), a `{…}`/`[…]` group, or a bare
    /// word up to the next `&`, `,`, `;`, bracket, quote or whitespace.
    ///
    /// Card numbers are masked by value as well, under any name or none (``maskingCardNumbers(in:)``).
    public func redactedText(_ text: String) -> String {
        let text = maskingCardNumbers(in: text)
        // Cheap exit for the common case of prose or identifiers without any `name=value` shape.
        guard text.utf8.contains(where: { $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: "=") }) else {
            return text
        }
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 16)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard Self.isNameByte(byte), index == 0 || !Self.isNameByte(bytes[index - 1]) else {
                output.append(byte)
                index += 1
                continue
            }
            var end = index
            while end < bytes.count && Self.isNameByte(bytes[end]) { end += 1 }
            output.append(contentsOf: bytes[index..<end])
            if let valueStart = Self.valueStart(in: bytes, afterName: end),
                isSensitiveField(String(decoding: bytes[index..<end], as: UTF8.self))
            {
                output.append(contentsOf: bytes[end..<valueStart])
                index = Self.maskValue(in: bytes, from: valueStart, into: &output)
            } else {
                index = end
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// `name=value` pairs separated by `&` with sensitive values masked; names are compared after
    /// percent-decoding (`+` read as a space).
    func redactedParameters(_ parameters: Substring) -> String {
        parameters.split(separator: "&", omittingEmptySubsequences: false).map { pair in
            guard let equals = pair.firstIndex(of: "=") else { return String(pair) }
            let rawName = pair[..<equals]
            let name = String(rawName).replacingOccurrences(of: "+", with: " ")
            return isSensitiveField(name.removingPercentEncoding ?? name) ? "\(rawName)=\(Self.mask)" : String(pair)
        }.joined(separator: "&")
    }

    /// `scheme://user:password@host…` with the password masked; anything else unchanged.
    func redactingUserInfo(_ text: Substring) -> String {
        guard let schemeEnd = text.range(of: "://") else { return String(text) }
        let authorityStart = schemeEnd.upperBound
        let authorityEnd = text[authorityStart...].firstIndex(of: "/") ?? text.endIndex
        let authority = text[authorityStart..<authorityEnd]
        guard let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") else {
            return String(text)
        }
        return "\(text[..<authority.index(after: colon)])\(Self.mask)\(text[at...])"
    }

    /// Where the value begins when a name ending before `nameEnd` is followed by its optional
    /// closing quote, `:` or `=`, and spaces; `nil` when it is not followed by a separator or
    /// nothing follows it.
    private static func valueStart(in bytes: [UInt8], afterName nameEnd: Int) -> Int? {
        var index = nameEnd
        var quoteEnd = index
        while quoteEnd < bytes.count && bytes[quoteEnd] == backslash { quoteEnd += 1 }
        if quoteEnd < bytes.count && (bytes[quoteEnd] == doubleQuote || bytes[quoteEnd] == singleQuote) {
            index = quoteEnd + 1
        }
        while index < bytes.count && (bytes[index] == space || bytes[index] == tab) { index += 1 }
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") || bytes[index] == UInt8(ascii: "=") else {
            return nil
        }
        index += 1
        while index < bytes.count && (bytes[index] == space || bytes[index] == tab) { index += 1 }
        return index < bytes.count ? index : nil
    }

    /// Writes the mask in place of the value starting at `start` (keeping its quotes) and returns
    /// where the text continues.
    private static func maskValue(in bytes: [UInt8], from start: Int, into output: inout [UInt8]) -> Int {
        let maskBytes = Array(mask.utf8)
        var quoteIndex = start
        while quoteIndex < bytes.count && bytes[quoteIndex] == backslash { quoteIndex += 1 }
        let escapes = quoteIndex - start

        if quoteIndex < bytes.count && (bytes[quoteIndex] == doubleQuote || bytes[quoteIndex] == singleQuote) {
            let quote = bytes[quoteIndex]
            output.append(contentsOf: bytes[start...quoteIndex])
            output.append(contentsOf: maskBytes)
            var index = quoteIndex + 1
            while index < bytes.count {
                if bytes[index] == quote {
                    var run = 0
                    while index - run - 1 > quoteIndex && bytes[index - run - 1] == backslash { run += 1 }
                    // Unescaped quotes close an unescaped string (an even run is escaped
                    // backslashes); an escaped opening (`\"`) closes on the same escape.
                    if escapes == 0 ? run % 2 == 0 : run == escapes {
                        output.append(contentsOf: bytes[(index - escapes)...index])
                        return index + 1
                    }
                }
                index += 1
            }
            return bytes.count
        }

        if bytes[start] == UInt8(ascii: "{") || bytes[start] == UInt8(ascii: "[") {
            var depth = 0
            var index = start
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
                default: break
                }
                index += 1
                if depth == 0 { break }
            }
            output.append(contentsOf: maskBytes)
            return index
        }

        var index = start
        while index < bytes.count && !isValueDelimiter(bytes[index]) { index += 1 }
        if index > start { output.append(contentsOf: maskBytes) }
        return index
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "["), UInt8(ascii: "]"):
            return true
        default:
            return false
        }
    }

    private static func isValueDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "}"), UInt8(ascii: "]"),
            UInt8(ascii: ")"), doubleQuote, singleQuote, space, tab, UInt8(ascii: "\n"), UInt8(ascii: "\r"):
            return true
        default:
            return false
        }
    }

    private static let backslash = UInt8(ascii: "\\")
    private static let doubleQuote = UInt8(ascii: "\"")
    private static let singleQuote = UInt8(ascii: "'")
    private static let space = UInt8(ascii: " ")
    private static let tab = UInt8(ascii: "\t")
}
