import Foundation

/// What an option or argument value must look like; checked while parsing, so a command's
/// `run` only ever sees values that convert (`--port abc` is a usage error, exit 2).
///
/// A ``CommandLineValue`` type has one it takes by default (`Int` takes ``integer``); a declaration
/// may narrow it (``port``). Add a type with ``init(expectation:choices:accepts:)``.
package struct ValueType: Sendable {
    /// Completes "expected …" in error messages, e.g. `an integer in 1...65535`.
    package let expectation: String
    /// The accepted words when the type is a closed set, shown in help.
    package let choices: [String]?
    private let accepts: @Sendable (String) -> Bool

    /// A value type whose `accepts` closure decides validity.
    package init(expectation: String, choices: [String]? = nil, accepts: @escaping @Sendable (String) -> Bool) {
        self.expectation = expectation
        self.choices = choices
        self.accepts = accepts
    }

    /// Whether `raw` is a valid value of this type.
    package func accepts(_ raw: String) -> Bool {
        accepts(raw)
    }

    /// Any text, including the empty string.
    package static let string = ValueType(expectation: "a string") { _ in true }

    /// Any non-empty text.
    package static let nonEmpty = ValueType(expectation: "a non-empty string") { !$0.isEmpty }

    /// A decimal integer that fits in `Int`.
    package static let integer = ValueType(expectation: "an integer") { Int($0) != nil }

    /// A decimal integer within `range`.
    package static func integer(in range: ClosedRange<Int>) -> ValueType {
        ValueType(expectation: "an integer in \(range.lowerBound)...\(range.upperBound)") { raw in
            Int(raw).map(range.contains) ?? false
        }
    }

    /// A TCP port, 1...65535.
    package static let port = integer(in: 1...65535)

    /// An absolute `http` or `https` URL with a host, such as `http://127.0.0.1:8080`.
    package static let httpURL = ValueType(expectation: "an http(s) URL with a host") { parseHTTPURL($0) != nil }

    /// `key=value`, split at the first `=`; the key must not be empty, the value may be.
    package static let keyValue = ValueType(expectation: "key=value with a non-empty key") { KeyValue($0) != nil }

    /// One word out of `choices`, matched exactly.
    package static func oneOf(_ choices: [String]) -> ValueType {
        ValueType(expectation: "one of \(choices.joined(separator: ", "))", choices: choices) { choices.contains($0) }
    }

    /// The URL `raw` names when it is an absolute http(s) URL with a host, else `nil`.
    static func parseHTTPURL(_ raw: String) -> URL? {
        guard let url = URL(string: raw), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty
        else { return nil }
        return url
    }
}

/// One `key=value` pair from a ``ValueType/keyValue`` option, such as `--query page=2`.
package struct KeyValue: Sendable, Hashable {
    /// The text before the first `=`; never empty.
    package let key: String
    /// The text after the first `=`; may be empty and may itself contain `=`.
    package let value: String

    /// A pair from its parts.
    package init(key: String, value: String) {
        self.key = key
        self.value = value
    }

    /// Splits `raw` at its first `=`; `nil` without one or with an empty key.
    package init?(_ raw: String) {
        guard let separator = raw.firstIndex(of: "="), separator != raw.startIndex else { return nil }
        key = String(raw[..<separator])
        value = String(raw[raw.index(after: separator)...])
    }
}
