/// A strict RFC 8259 JSON parser that keeps a document exactly as written (``ExactJSON``) and
/// reports where one goes wrong: the package's one JSON reader, for the code generator's specs and
/// for every place the package itself turns JSON text into ``AnyCodableValue`` (the emulator's
/// bodies, the redactor).
///
/// Foundation's parsers lose key order and number text, compare keys with `String ==` (so `café` in
/// NFC and NFD collide), and say little about the position of an error; a spec is hand-edited often
/// enough that "line 12, column 7: expected ',' or '}'" matters. The parser keeps open containers on
/// a heap stack instead of recursing, and nesting is capped.
///
/// A key repeated in one object is refused or replaces the earlier value, as the caller says
/// (``DuplicateKeys``): the emulator and the SDKs take the last value, as JavaScript's `JSON.parse`
/// (the backend's) does; the code generator refuses, because in a spec it is a mistake.
package struct ExactJSONParser {
    /// What a key repeated in one object does.
    package enum DuplicateKeys: Sendable {
        /// The document is invalid.
        case reject
        /// The last value wins, in the place where the key first appeared (`JSON.parse`'s rule).
        case lastWins
    }

    /// Why a document is not JSON, with the 1-based line and column (in characters) of the problem.
    package struct SyntaxError: Error, Equatable, Sendable {
        package let line: Int
        package let column: Int
        package let reason: String

        package init(line: Int, column: Int, reason: String) {
            self.line = line
            self.column = column
            self.reason = reason
        }
    }

    /// Deeper documents are rejected; real documents stay far below this.
    package static let maximumDepth = 256

    // Internal rather than private so the string reader in ExactJSONParser+Strings.swift can share them.
    let bytes: [UInt8]
    var index = 0
    private let duplicateKeys: DuplicateKeys

    private init(_ bytes: [UInt8], duplicateKeys: DuplicateKeys) {
        self.bytes = bytes
        self.duplicateKeys = duplicateKeys
    }

    /// Parses one JSON value that spans the whole input (surrounding whitespace allowed, a
    /// UTF-8 byte order mark tolerated).
    package static func parse(
        _ bytes: [UInt8], duplicateKeys: DuplicateKeys
    ) throws(SyntaxError) -> ExactJSON {
        var parser = ExactJSONParser(bytes, duplicateKeys: duplicateKeys)
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { parser.index = 3 }
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.failure("unexpected text after the JSON value") }
        return value
    }

    /// An open container while its members are read.
    private enum Frame {
        case array([ExactJSON])
        /// The object so far, and the key (with its offset, for a duplicate-key error) whose
        /// value is being read.
        case object(ExactJSONObject, key: String, keyStart: Int)
    }

    /// Reads one value with an explicit stack of open containers rather than recursion, so
    /// nesting costs heap, not the caller's thread stack.
    private mutating func parseValue() throws(SyntaxError) -> ExactJSON {
        var stack: [Frame] = []
        stack.reserveCapacity(8)
        while true {
            // Read the next value; an opening bracket pushes a frame and loops for its first member.
            var value: ExactJSON
            guard index < bytes.count else { throw failure("unexpected end of input, expected a value") }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                try enter(&stack)
                index += 1
                skipWhitespace()
                if peek(UInt8(ascii: "}")) {
                    index += 1
                    value = .object(ExactJSONObject())
                } else {
                    let (key, keyStart) = try parseKey()
                    stack.append(.object(ExactJSONObject(), key: key, keyStart: keyStart))
                    continue
                }
            case UInt8(ascii: "["):
                try enter(&stack)
                index += 1
                skipWhitespace()
                if peek(UInt8(ascii: "]")) {
                    index += 1
                    value = .array([])
                } else {
                    stack.append(.array([]))
                    continue
                }
            case UInt8(ascii: "\""): value = .string(try parseString())
            case UInt8(ascii: "t"):
                try expectLiteral("true")
                value = .bool(true)
            case UInt8(ascii: "f"):
                try expectLiteral("false")
                value = .bool(false)
            case UInt8(ascii: "n"):
                try expectLiteral("null")
                value = .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): value = try parseNumber()
            default: throw failure("unexpected character \(describe(bytes[index])), expected a value")
            }
            // Hand the value to its container; close every container that ends here.
            while true {
                guard let top = stack.popLast() else { return value }
                skipWhitespace()
                // `consume`: the popped frame must not keep its container alive, or each append or insert
                // below would copy the whole container (quadratic in its size).
                switch consume top {
                case .array(var elements):
                    elements.append(value)
                    if peek(UInt8(ascii: ",")) {
                        index += 1
                        skipWhitespace()
                        stack.append(.array(elements))
                    } else if peek(UInt8(ascii: "]")) {
                        index += 1
                        value = .array(elements)
                        continue
                    } else {
                        throw failure("expected ',' or ']' in an array")
                    }
                case .object(var object, let key, let keyStart):
                    switch duplicateKeys {
                    case .reject:
                        guard object.insert(value, forKey: key) else {
                            index = keyStart
                            throw failure("duplicate key \"\(key)\" in one object")
                        }
                    case .lastWins:
                        object[key] = value
                    }
                    if peek(UInt8(ascii: ",")) {
                        index += 1
                        skipWhitespace()
                        let (next, nextStart) = try parseKey()
                        stack.append(.object(object, key: next, keyStart: nextStart))
                    } else if peek(UInt8(ascii: "}")) {
                        index += 1
                        value = .object(object)
                        continue
                    } else {
                        throw failure("expected ',' or '}' in an object")
                    }
                }
                break
            }
            skipWhitespace()
        }
    }

    /// A member key and the `:` after it, leaving the index at the member's value.
    private mutating func parseKey() throws(SyntaxError) -> (String, Int) {
        guard peek(UInt8(ascii: "\"")) else { throw failure("expected a string key") }
        let keyStart = index
        let key = try parseString()
        skipWhitespace()
        guard peek(UInt8(ascii: ":")) else { throw failure("expected ':' after a key") }
        index += 1
        skipWhitespace()
        return (key, keyStart)
    }

    private mutating func enter(_ stack: inout [Frame]) throws(SyntaxError) {
        guard stack.count < Self.maximumDepth else {
            throw failure("nesting deeper than \(Self.maximumDepth) levels")
        }
    }

    private mutating func parseNumber() throws(SyntaxError) -> ExactJSON {
        let start = index
        if peek(UInt8(ascii: "-")) { index += 1 }
        if peek(UInt8(ascii: "0")) {
            index += 1
        } else {
            guard skipDigits() > 0 else { throw failure("expected a digit") }
        }
        if peek(UInt8(ascii: ".")) {
            index += 1
            guard skipDigits() > 0 else { throw failure("expected a digit after '.'") }
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            index += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
            guard skipDigits() > 0 else { throw failure("expected a digit in the exponent") }
        }
        // The bytes are ASCII digits and signs.
        return .number(String(decoding: bytes[start..<index], as: UTF8.self))
    }

    private mutating func skipDigits() -> Int {
        let start = index
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
            index += 1
        }
        return index - start
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(SyntaxError) {
        let matches = literal.withUTF8Buffer { text in
            bytes.count - index >= text.count && text.indices.allSatisfy { bytes[index + $0] == text[$0] }
        }
        guard matches else { throw failure("unexpected character \(describe(bytes[index])), expected a value") }
        index += literal.utf8CodeUnitCount
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    func peek(_ byte: UInt8) -> Bool {
        index < bytes.count && bytes[index] == byte
    }

    private func describe(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
    }

    /// The error for the current position, with a 1-based line and column (in characters).
    func failure(_ reason: String) -> SyntaxError {
        var line = 1
        var lineStart = 0
        for position in 0..<min(index, bytes.count) where bytes[position] == 0x0A {
            line += 1
            lineStart = position + 1
        }
        let prefix = bytes[lineStart..<min(index, bytes.count)]
        let column = String(decoding: prefix, as: UTF8.self).count + 1
        return SyntaxError(line: line, column: column, reason: reason)
    }
}
